// The SQL of the clients module.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

/** Clients by name: those of `ids`, or all of them. */
export function clientsByName(db: Db, ids: number[] | 'all') {
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'is_active', 'time_zone'])
    .$if(ids !== 'all', (q) => q.where('id', 'in', ids as number[]))
    .orderBy('name')
    .execute();
}

/** The client's retention setting and cutoff (undefined: no such client). */
export function clientRetention(db: Db, clientId: number) {
  return db.selectFrom('clients').select(['id', 'posts_kept_months', 'posts_kept_from']).where('id', '=', clientId).executeTakeFirst();
}

export function setRetentionMonths(db: Db, clientId: number, months: number | null) {
  return db.updateTable('clients').set({ posts_kept_months: months }).where('id', '=', clientId).execute();
}

/** The clients that keep posts for a number of months. */
export function clientsWithRetention(db: Db) {
  return db.selectFrom('clients').select('id').where('posts_kept_months', 'is not', null).orderBy('id').execute();
}

/** Moves the client's cutoff forward to `cutoff` (never back: posts removed stay removed); returns the cutoff in force. */
export async function advanceKeptFrom(db: Db, clientId: number, cutoff: Date): Promise<Date> {
  const row = await db
    .updateTable('clients')
    .set({ posts_kept_from: sql<Date>`greatest(posts_kept_from, ${cutoff}::timestamptz)` })
    .where('id', '=', clientId)
    .returning('posts_kept_from')
    .executeTakeFirstOrThrow();
  return new Date(row.posts_kept_from!);
}

/** Every bin of the client (deleted ones too: their rows are the client's posts as well). */
export async function clientBinIds(db: Db, clientId: number): Promise<number[]> {
  return (await db.selectFrom('bins').select('id').where('client_id', '=', clientId).execute()).map((r) => r.id);
}

export async function startRun(db: Db, clientId: number, cutoff: Date): Promise<number> {
  const r = await db.insertInto('retention_runs').values({ client_id: clientId, cutoff }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export function addToRun(db: Db, runId: number, binClips: number, posts: number) {
  return db
    .updateTable('retention_runs')
    .set((eb) => ({ bin_clips_removed: eb('bin_clips_removed', '+', binClips), posts_removed: eb('posts_removed', '+', posts) }))
    .where('id', '=', runId)
    .execute();
}

export function finishRun(db: Db, runId: number) {
  return db
    .updateTable('retention_runs')
    .set({ finished_at: sql<Date>`now()` })
    .where('id', '=', runId)
    .execute();
}

export function lastRun(db: Db, clientId: number) {
  return db
    .selectFrom('retention_runs')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Deletes those of the posts that no bin (of any client), word bin or sentiment label refers to
 * any more: a post shared with a client that keeps it longer stays. Their key, enrichment, places,
 * response marks and alerts go with them (the clips_deleted triggers). The posts are all posted
 * before `before` (the cutoff their bin rows were dropped at), which keeps the delete to the
 * months of clips before it. Returns the number deleted.
 */
export async function deleteUnheldPosts(db: Db, clipIds: number[], before: Date): Promise<number> {
  if (clipIds.length === 0) return 0;
  const r = await db
    .deleteFrom('clips')
    .where('id', 'in', clipIds)
    .where('posted_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bin_clips')
            .select('bin_clips.id')
            .whereRef('bin_clips.clip_id', '=', 'clips.id')
            .unionAll(selectFrom('word_bin_clips').select('word_bin_clips.id').whereRef('word_bin_clips.clip_id', '=', 'clips.id'))
            .unionAll(selectFrom('sentiment_labels').select('sentiment_labels.id').whereRef('sentiment_labels.clip_id', '=', 'clips.id')),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
