// What the Top Authors page says and opens: one person with their account on each network (the
// server groups them), their figure by the chosen toggle, the pie of the shown authors' shares,
// and the tray scope of their posts.
import type { TopAuthor } from '@listening/contract';
import type { z } from 'zod';
import type { TrayScope } from '../../project/clip-tray/tray-state.tsx';

type Author = z.infer<typeof TopAuthor>;
export type AuthorSort = 'followers' | 'clips';

export const compactNumber = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** '@mila_k' (no doubled '@'), or '' without a handle. */
export const handleText = (handle: string | null) => (handle ? `@${handle.replace(/^@+/, '')}` : '');

/** The figure the toggle ranks by. */
export const figureOf = (a: Author, sort: AuthorSort) => (sort === 'followers' ? a.FollowerCount : a.ClipCount);

/** The tray scope of a person's posts on every account (one account: by its id alone). */
export function authorScope(a: Author): TrayScope {
  const ids = a.Accounts.map((x) => x.AuthorId);
  const label = `Posts by ${a.AuthorName}${ids.length > 1 ? ` on ${ids.length} networks` : ''}`;
  return ids.length > 1 ? { label, authorIds: ids } : { label, authorId: ids[0] };
}

/** The pie: each shown author's figure; authors with none are left out (a zero slice says nothing). */
export function pieSlices(authors: readonly Author[], sort: AuthorSort): { name: string; value: number; index: number }[] {
  return authors.map((a, index) => ({ name: a.AuthorName, value: figureOf(a, sort), index })).filter((s) => s.value > 0);
}

/** 'Showing 11–20 of 57 authors'. */
export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0) return 'No authors';
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first.toLocaleString('en-US')}–${(first + shown - 1).toLocaleString('en-US')} of ${total.toLocaleString('en-US')} author${total === 1 ? '' : 's'}`;
}
