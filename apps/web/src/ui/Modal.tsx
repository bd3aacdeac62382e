// Mantine's Modal with focus kept inside while it is open. Mantine traps Tab, but not focus moved
// by a script: a menu that closes as it opens a dialog (the side-nav drawer) hands focus back to
// its own button a moment after the dialog took it, and then Tab and Escape act behind the
// dialog. Here focus that lands outside is brought back, unless it went into another dialog
// opened over this one (a confirmation).
import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useEffect, useRef } from 'react';

const FOCUSABLE = '[data-autofocus], button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function Modal({ children, ...props }: ModalProps) {
  const inner = useRef<HTMLDivElement>(null);
  const { opened } = props;

  useEffect(() => {
    if (!opened) return;
    const onFocusIn = (e: FocusEvent) => {
      const dialog = inner.current?.closest('[role="dialog"]');
      const target = e.target as Element | null;
      if (!dialog || !target || dialog.contains(target) || target.closest?.('[role="dialog"]')) return;
      dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [opened]);

  return (
    <MantineModal {...props}>
      <div ref={inner}>{children}</div>
    </MantineModal>
  );
}
