// Retention: a client's bin_clips rows posted before its cutoff leave, and the rollups stay. The
// rollups (rollups.ts) are the hourly figures every chart reads; they are what "kept longer" means
// (docs/operations.md, "Retention"): a bin's counts, AVE, sentiment, places and items per hour are
// kept for as long as the bin exists, so the figures of a range past the cutoff stay exact while
// its posts are gone. This is the one writer of bin_clips that deliberately leaves the rollups
// as they are; the readers of posts (analytics/scope.ts, postsKeptPart) read only from the cutoff
// on, where rows and rollups still agree.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/**
 * Deletes up to `limit` bin_clips rows of the bins posted before `before`, locked in id order as
 * every writer of bin_clips locks them (rows another writer holds are left for the next batch).
 * Returns the posts (clip ids) whose rows went, once each.
 */
export async function dropBinClipsBefore(db: Db, binIds: number[], before: Date, limit: number): Promise<{ rows: number; clipIds: number[] }> {
  if (binIds.length === 0) return { rows: 0, clipIds: [] };
  const res = await sql<{ clip_id: string | number }>`
    with doomed as (
      select id, posted_at from bin_clips
       where bin_id = any(${binIds}::int[]) and posted_at < ${before}
       order by id
       limit ${limit}
         for update skip locked
    )
    delete from bin_clips b using doomed where b.id = doomed.id and b.posted_at = doomed.posted_at
    returning b.clip_id`.execute(db);
  return { rows: res.rows.length, clipIds: [...new Set(res.rows.map((r) => Number(r.clip_id)))] };
}
