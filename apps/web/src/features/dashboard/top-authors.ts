// What a Top authors row says and opens: one person, with their account on each network (the
// server groups them: docs/dashboard.md, "Top authors").
import type { TopAuthor } from '@listening/contract';
import type { z } from 'zod';
import { postCount } from '../../project/clip-tray/opens-posts.ts';
import type { TrayScope } from '../../project/clip-tray/tray-state.tsx';
import { streamName } from '../../ui/StreamIcon.tsx';

type Author = z.infer<typeof TopAuthor>;
type Account = Author['Accounts'][number];

export const compactNumber = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** '@mila_k' (no doubled '@'), or '' for an account without a handle. */
export const handleText = (handle: string | null) => (handle ? `@${handle.replace(/^@+/, '')}` : '');

/** One account for a tooltip and screen readers: 'Instagram @mila_k: 1.2M followers, 3 posts'. */
export function accountLabel(a: Account): string {
  const handle = handleText(a.Handle);
  return `${streamName(a.StreamId)}${handle ? ` ${handle}` : ''}: ${compactNumber.format(a.FollowerCount)} followers, ${postCount(a.ClipCount)}`;
}

/** The tray scope of a person's posts: every account's (one account: by its id alone). */
export function authorScope(a: Author): TrayScope {
  const ids = a.Accounts.map((x) => x.AuthorId);
  const label = `Posts by ${a.AuthorName}${ids.length > 1 ? ` on ${ids.length} networks` : ''}`;
  return ids.length > 1 ? { label, authorIds: ids } : { label, authorId: ids[0] };
}
