// SQL of influencer comparison and the Top Authors page. Comparison counts read bin_clips by
// author (index bin_clips_author_bin_posted); the page groups the range's posts by author, then
// authors into people by the dashboard's person key (docs/dashboard.md, "Top authors").
import { sql } from 'kysely';
import type { Bucket } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import { bucketDay } from '../../analytics/buckets.ts';
import { clipsInScope, type Scope } from '../../analytics/scope.ts';
import { personKey } from '../../analytics/person-key.ts';

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

/** An account with posts in range, and the person it is taken to be. */
export interface RangeAccount {
  person: string;
  id: number;
  name: string;
  handle: string | null;
  stream_id: number;
  followers: number;
  clips: number;
}

/** Posts in range per author. */
const postedByAuthor = (db: Db, s: Scope) =>
  db
    .selectFrom('bin_clips')
    .select((eb) => ['bin_clips.author_id', eb.fn.countAll<number>().as('clips')])
    .where('bin_clips.author_id', 'is not', null)
    .$call(clipsInScope(s))
    .groupBy('bin_clips.author_id');

/**
 * The range's accounts with their person: the person key, unless the key names two accounts on
 * one network (not known to be one person: each stands alone, 'a:' and its id), as on the
 * dashboard. Window functions only, no self-join, so the plan stays one pass whatever the
 * planner guesses of the row counts.
 */
const people = (db: Db, s: Scope) => sql`
  with acc as (
    select authors.id, authors.name, authors.handle, authors.stream_id, authors.followers, p.clips, ${personKey} as key
      from (${postedByAuthor(db, s)}) p join authors on authors.id = p.author_id),
  counted as (select acc.*, count(*) over (partition by key, stream_id) as on_network from acc)
  select counted.*, case when max(on_network) over (partition by key) > 1 then 'a:' || id else key end as person from counted`;

/** Every account with posts in range, with its posts and its person (range-people.ts groups and ranks them). */
export async function rangeAccounts(db: Db, s: Scope): Promise<RangeAccount[]> {
  const { rows } = await sql<RangeAccount>`
    select person, id, name, handle, stream_id, followers, clips from (${people(db, s)}) p`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), stream_id: Number(r.stream_id), followers: Number(r.followers), clips: Number(r.clips) }));
}
