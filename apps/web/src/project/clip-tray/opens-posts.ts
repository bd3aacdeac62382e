// What makes a figure that counts posts open them in the clip tray, for every user: a button to
// the mouse, the keyboard (Tab reaches it, Enter or Space opens it, Mantine's focus ring shows
// where the focus is) and screen readers (its name says what opens).
import type { KeyboardEvent } from 'react';

/** Props for any element (a card, a number, a percentage) that opens posts; `name` e.g. 'Open the 12 negative Owned posts'. */
export function opensPosts(onOpen: () => void, name: string) {
  return {
    role: 'button',
    tabIndex: 0,
    'aria-label': name,
    className: 'mantine-focus-auto',
    style: { cursor: 'pointer' },
    onClick: onOpen,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      onOpen();
    },
  } as const;
}

/** '1 post' or '1,234 posts'. */
export const postCount = (n: number) => `${n.toLocaleString('en-US')} post${n === 1 ? '' : 's'}`;
