// Word, within one server process, that the rejected rows of some bins moved (a reject or a restore
// committed): the clips module says it, and whatever keeps rejected rows in memory (the Top Authors
// page's posts index, modules/influencers/posts-index.ts) listens, so it reads them again at once
// instead of on its next periodic look. Per database handle, as the kept state is.
import type { Db } from '../db/connection.ts';

type Listener = (binIds: number[]) => void;
const listeners = new WeakMap<Db, Set<Listener>>();

/** Calls `listener` with the bins each time their rejected rows move; answers how to stop. */
export function onRejectionsMoved(db: Db, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Says that these bins' rejected rows moved (call once the change is committed). */
export function rejectionsMoved(db: Db, binIds: number[]): void {
  if (binIds.length === 0) return;
  for (const listener of listeners.get(db) ?? []) listener(binIds);
}
