// Word, to every process on the database, that the rejected rows of some bins moved (a reject or a
// restore committed): the clips module says it, and whatever keeps rejected rows in memory (the Top
// Authors page's posts index, analytics/people/posts-index.ts) listens, so it reads them again
// at once instead of on its next periodic look. Carried by the event bus (events/bus.ts): this
// process's listeners are called at once, the others' when the event reaches them.
import type { Db } from '../db/connection.ts';
import { onEvent, publishSoon } from '../events/bus.ts';

/** Calls `listener` with the bins each time their rejected rows move; answers how to stop. */
export function onRejectionsMoved(db: Db, listener: (binIds: number[]) => void): () => void {
  return onEvent(db, 'rejections', (e) => listener(e.binIds));
}

/** Says that these bins' rejected rows moved (call once the change is committed). */
export function rejectionsMoved(db: Db, binIds: number[]): void {
  if (binIds.length === 0) return;
  publishSoon(db, { kind: 'rejections', binIds });
}
