// SQL of influencer discovery and comparison. Comparison counts read bin_clips by author (index
// bin_clips_author_bin_posted); the Top Authors page's people come from the people index
// (analytics/people).
import { sql } from 'kysely';
import type { Bucket } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import { bucketDay } from '../../analytics/buckets.ts';
import { clipsInScope, type Scope } from '../../analytics/scope.ts';

/** The project's entries, newest first. */
export function projectInfluencers(db: Db, projectId: number) {
  return db.selectFrom('influencers').selectAll().where('project_id', '=', projectId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** The author, if it posted in the project on that stream. */
export function authorInProject(db: Db, projectId: number, authorId: number, streamId: number) {
  return db
    .selectFrom('authors')
    .select('id')
    .where('id', '=', authorId)
    .where('stream_id', '=', streamId)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('bin_clips').select('bin_clips.id').whereRef('bin_clips.author_id', '=', 'authors.id').where('bin_clips.project_id', '=', projectId)),
    )
    .executeTakeFirst();
}

/** Adds the author to the project's entries (once: adding it again keeps the first) and answers the entry. */
export async function addInfluencer(db: Db, v: { project_id: number; author_id: number; author_name: string; stream_id: number }) {
  await db
    .insertInto('influencers')
    .values(v)
    .onConflict((oc) => oc.columns(['project_id', 'author_id']).doNothing())
    .execute();
  return db.selectFrom('influencers').selectAll().where('project_id', '=', v.project_id).where('author_id', '=', v.author_id).executeTakeFirstOrThrow();
}

export function influencerProject(db: Db, id: number) {
  return db.selectFrom('influencers').select(['id', 'project_id']).where('id', '=', id).executeTakeFirst();
}

export async function removeInfluencer(db: Db, id: number) {
  await db.deleteFrom('influencers').where('id', '=', id).execute();
}

export function influencerEntries(db: Db, projectId: number, ids: number[]) {
  return db.selectFrom('influencers').selectAll().where('project_id', '=', projectId).where('id', 'in', ids).execute();
}

/** Posts in range per author and bucket. */
export async function clipsByAuthorAndBucket(db: Db, s: Scope, bucket: Bucket, authorIds: number[]) {
  const rows = await db
    .selectFrom('bin_clips')
    .select((eb) => ['bin_clips.author_id', bucketDay(s, bucket, 'bin_clips.posted_at').as('day'), eb.fn.countAll<number>().as('count')])
    .where('bin_clips.author_id', 'in', authorIds)
    .$call(clipsInScope(s))
    .groupBy(['bin_clips.author_id', sql`2`])
    .execute();
  return rows.map((r) => ({ authorId: Number(r.author_id), day: r.day, count: Number(r.count) }));
}

/** Posts in range per author. */
export async function clipsByAuthor(db: Db, s: Scope, authorIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('bin_clips')
    .select((eb) => ['bin_clips.author_id', eb.fn.countAll<number>().as('count')])
    .where('bin_clips.author_id', 'in', authorIds)
    .$call(clipsInScope(s))
    .groupBy('bin_clips.author_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.author_id), Number(r.count)]));
}
