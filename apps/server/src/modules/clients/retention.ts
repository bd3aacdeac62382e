// Applying a client's retention (docs/operations.md, "Retention"): its posts posted more than its
// months ago leave storage, in batches, while the hourly rollups stay. The order is what keeps
// every screen exact meanwhile: the cutoff is saved first (so the screens that list posts refuse
// a range before it, and the Top Authors index compares only hours after it), then the client's
// bin_clips rows before it are deleted a batch at a time through the ledger, each batch with the
// posts no other bin, word bin or sentiment label still holds. A run cut short (its lease lost, the
// process stopped) is carried on by the next: the cutoff is already in force.
import type { Db } from '../../db/connection.ts';
import { dropBinClipsBefore } from '../../ledger/index.ts';
import * as q from './queries.ts';

export const RETENTION_QUEUE = 'post-retention';
export const RETENTION_EVERY_MS = 24 * 3_600_000;
/** bin_clips rows deleted per transaction: short enough not to hold ingestion's locks for long. */
export const RETENTION_BATCH = 5_000;

/**
 * The first instant kept when `months` of posts are kept at `now`: UTC midnight of the same day
 * `months` calendar months back (the day clamped to the month's length). A whole UTC day, so it
 * falls on the boundary of every hourly and daily rollup.
 */
export function retentionCutoff(now: Date, months: number): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() - months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(now.getUTCDate(), last)));
}

export interface RetentionResult {
  clientId: number;
  cutoff: Date;
  binClipsRemoved: number;
  postsRemoved: number;
  /** False when the run stopped early (`stopped`): the next run carries on. */
  finished: boolean;
}

/** Applies one client's retention; null when it keeps its posts for ever. */
export async function applyRetention(
  db: Db,
  clientId: number,
  opts: { now?: Date; batch?: number; stopped?: () => boolean } = {},
): Promise<RetentionResult | null> {
  const client = await q.clientRetention(db, clientId);
  if (!client || client.posts_kept_months === null) return null;
  const cutoff = await q.advanceKeptFrom(db, clientId, retentionCutoff(opts.now ?? new Date(), client.posts_kept_months));
  const runId = await q.startRun(db, clientId, cutoff);
  const binIds = await q.clientBinIds(db, clientId);
  const batch = opts.batch ?? RETENTION_BATCH;
  const result: RetentionResult = { clientId, cutoff, binClipsRemoved: 0, postsRemoved: 0, finished: false };
  for (;;) {
    if (opts.stopped?.()) return result;
    const { rows, posts } = await db.transaction().execute(async (trx) => {
      const dropped = await dropBinClipsBefore(trx, binIds, cutoff, batch);
      const posts = await q.deleteUnheldPosts(trx, dropped.clipIds, cutoff);
      await q.addToRun(trx, runId, dropped.rows, posts);
      return { rows: dropped.rows, posts };
    });
    result.binClipsRemoved += rows;
    result.postsRemoved += posts;
    if (rows < batch) break;
  }
  await q.finishRun(db, runId);
  result.finished = true;
  return result;
}

/** The daily run: every client that keeps its posts for a number of months, or the one named. */
export async function applyRetentionAll(db: Db, opts: { clientId?: number; stopped?: () => boolean } = {}): Promise<RetentionResult[]> {
  const ids = opts.clientId !== undefined ? [opts.clientId] : (await q.clientsWithRetention(db)).map((c) => c.id);
  const out: RetentionResult[] = [];
  for (const id of ids) {
    if (opts.stopped?.()) break;
    const r = await applyRetention(db, id, { stopped: opts.stopped });
    if (r) out.push(r);
  }
  return out;
}
