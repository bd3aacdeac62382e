// Which requests may read from a replica (db/replicas.ts; docs/scaling.md, "Read replicas"): the
// screens' reads of figures, posts and reports, by the contract's tags, GET only. Everything else
// (sign-in, settings, every change) reads and writes the primary. A user who changed something in
// the last STICKY_MS reads from the primary too, so the change is in what they see next.
import type { OperationSpec } from '@listening/contract';
import { MAX_LAG_MS } from '../db/replicas.ts';

const REPLICA_TAGS = new Set([
  'dashboard',
  'analysis',
  'word cloud',
  'worldmap',
  'deep-dive',
  'listing',
  'influencer comparison',
  'influencer discovery',
  'performance measurement',
  'tree-view',
  'clips',
  'reports',
]);

export function readsFromReplica(op: OperationSpec): boolean {
  return op.method === 'GET' && op.tags.some((t) => REPLICA_TAGS.has(t));
}

/** A replica is at most MAX_LAG_MS behind: a change older than twice that is on every replica used. */
export const STICKY_MS = 2 * MAX_LAG_MS;

/** Whether a session's last change is recent enough that a replica might not hold it yet. */
export const wroteRecently = (wroteAt: Date | string | null | undefined, now = Date.now()) => wroteAt != null && now - new Date(wroteAt).getTime() < STICKY_MS;
