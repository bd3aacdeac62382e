// Newest-first lists (searches, timelines, feeds) are read in sweeps: from the newest item back to
// what the last finished sweep saw. The cursor holds the page token inside a sweep, so a restart
// resumes mid-sweep, and the high-water mark, so the next sweep stops where this one began.
import type { CursorValue } from './types.ts';

export interface SweepCursor extends CursorValue {
  /** Newest item (id or epoch ms) of the last finished sweep; null before the first. */
  mark: string | number | null;
  /** Page token inside the current sweep; null between sweeps. */
  page: string | null;
  /** Newest item seen in the current sweep. */
  top: string | number | null;
}

/** Orders ids that are decimal strings (X, TikTok) by value, and numbers as numbers. */
export function newer(a: string | number | null, b: string | number | null): boolean {
  if (a === null) return false;
  if (b === null) return true;
  if (typeof a === 'string' && typeof b === 'string' && /^\d+$/.test(a) && /^\d+$/.test(b)) return BigInt(a) > BigInt(b);
  return a > b;
}

export function maxMark(...xs: (string | number | null | undefined)[]): string | number | null {
  let m: string | number | null = null;
  for (const x of xs) if (x !== undefined && newer(x, m)) m = x;
  return m;
}

/** True when an item is newer than the last sweep's mark (so not yet delivered). */
export function isNew(cursor: SweepCursor | null, item: string | number): boolean {
  return cursor?.mark == null || newer(item, cursor.mark);
}

/**
 * The cursor after a page: continue with the next token unless the list ended or the page
 * reached the old mark; a finished sweep moves the mark to the newest item it saw.
 */
export function afterPage(
  prev: SweepCursor | null,
  pageNewest: string | number | null,
  nextPage: string | null,
  reachedMark: boolean,
): { cursor: SweepCursor; next: 'more' | 'done' } {
  const mark = prev?.mark ?? null;
  const top = maxMark(prev?.page ? prev.top : null, pageNewest);
  if (nextPage && !reachedMark) return { cursor: { mark, page: nextPage, top }, next: 'more' };
  return { cursor: { mark: maxMark(mark, top), page: null, top: null }, next: 'done' };
}
