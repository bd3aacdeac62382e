// SQL of the dashboard's figures. The heavy ones read the hourly rollups (bin_hourly and
// bin_hourly_sentiment, both moved by ingestion and rating in one statement); top authors read
// bin_clips through an index that stops after the first rows (0004_dashboard), and top posts are
// the shared ranking of analytics/top-posts.ts.
import type { Bucket } from '@listening/contract';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { DB } from '../../db/tables.generated.ts';
import { clipsInScope, rollupInScope, type Scope } from '../../analytics/scope.ts';
import { personKey } from '../../analytics/person-key.ts';

/** The bucket's first day in the client's time zone, as YYYY-MM-DD. */
const bucketDay = (s: Scope, bucket: Bucket, col = 'bin_hourly.hour') =>
  sql<string>`to_char(date_trunc(${sql.lit(bucket)}, ${sql.ref(col)} at time zone ${s.timeZone}), 'YYYY-MM-DD')`;
const localHour = (s: Scope, col = 'bin_hourly.hour') => sql<number>`extract(hour from ${sql.ref(col)} at time zone ${s.timeZone})::int`;

export function mentionsByStream(db: Db, s: Scope) {
  return db
    .selectFrom('bin_hourly')
    .select((eb) => ['bin_hourly.stream_id', eb.fn.sum<number>('clips').as('count'), eb.fn.sum<number>('ave').as('ave')])
    .$call(rollupInScope(s))
    .groupBy('bin_hourly.stream_id')
    .execute();
}

/** Heatmap cells: one per bucket row and hour of the day that has clips. */
export function heatmapCells(db: Db, s: Scope, bucket: Bucket) {
  return db
    .selectFrom('bin_hourly')
    .select((eb) => [
      bucketDay(s, bucket).as('day'),
      localHour(s).as('hour'),
      eb.fn.sum<number>('clips').as('count'),
      eb.fn.sum<number>('positive').as('positive'),
      eb.fn.sum<number>('neutral').as('neutral'),
      eb.fn.sum<number>('negative').as('negative'),
    ])
    .$call(rollupInScope(s))
    .groupBy([sql`1`, sql`2`])
    .execute();
}

/** Daily insights: one row per bucket that has clips. */
export function insightBuckets(db: Db, s: Scope, bucket: Bucket) {
  return db
    .selectFrom('bin_hourly')
    .select((eb) => [
      bucketDay(s, bucket).as('day'),
      eb.fn.sum<number>('clips').as('count'),
      eb.fn.sum<number>('ave').as('ave'),
      eb.fn.sum<number>('positive').as('positive'),
      eb.fn.sum<number>('neutral').as('neutral'),
      eb.fn.sum<number>('negative').as('negative'),
    ])
    .$call(rollupInScope(s))
    .groupBy(sql`1`)
    .execute();
}

export function favourabilityTotals(db: Db, s: Scope) {
  return db
    .selectFrom('bin_hourly')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('positive'), sql<number>`0`).as('positive'),
      eb.fn.coalesce(eb.fn.sum<number>('neutral'), sql<number>`0`).as('neutral'),
      eb.fn.coalesce(eb.fn.sum<number>('negative'), sql<number>`0`).as('negative'),
    ])
    .$call(rollupInScope(s))
    .executeTakeFirstOrThrow();
}

/** The scope's totals in one row (the live dashboard's change marker). */
export function scopeTotals(db: Db, s: Scope) {
  return db
    .selectFrom('bin_hourly')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('clips'), sql<number>`0`).as('clips'),
      eb.fn.coalesce(eb.fn.sum<number>('positive'), sql<number>`0`).as('positive'),
      eb.fn.coalesce(eb.fn.sum<number>('neutral'), sql<number>`0`).as('neutral'),
      eb.fn.coalesce(eb.fn.sum<number>('negative'), sql<number>`0`).as('negative'),
      eb.fn.coalesce(eb.fn.sum<number>('ave'), sql<number>`0`).as('ave'),
    ])
    .$call(rollupInScope(s))
    .executeTakeFirstOrThrow();
}

/** The live bins of a project with their parents, for the sort-bin tree. */
export function projectBins(db: Db, projectId: number) {
  return db
    .selectFrom('bins')
    .select(['id', 'name', 'parent_id', 'bin_type_id'])
    .where('project_id', '=', projectId)
    .where('is_deleted', '=', false)
    .orderBy('name')
    .execute();
}

/** Some post of the author's in range (index bin_clips_author_bin_posted). */
const hasPostInScope =
  (s: Scope) =>
  ({ exists, selectFrom }: ExpressionBuilder<DB, 'authors'>) =>
    exists(
      selectFrom('bin_clips')
        .select(sql`1`.as('one'))
        .whereRef('bin_clips.author_id', '=', 'authors.id')
        .$call(clipsInScope(s)),
    );

/** An account at a place in the walk: (followers, id), most followed first. */
export interface AuthorCursor {
  followers: number;
  id: number;
}

/**
 * Author accounts with a post in range, by followers: walks authors from the most followed and
 * probes each one's posts in the bin (index bin_clips_author_bin_posted), stopping at `limit`;
 * `after` continues a walk. Each row carries its person key.
 */
export function topAuthorsByFollowers(db: Db, s: Scope, limit: number, after?: AuthorCursor) {
  return db
    .selectFrom('authors')
    .select(['authors.id', 'authors.name', 'authors.handle', 'authors.stream_id', 'authors.followers', personKey.as('person_key')])
    .where('authors.stream_id', 'in', s.streams)
    .where(hasPostInScope(s))
    .$if(after !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([eb('authors.followers', '<', after!.followers), eb.and([eb('authors.followers', '=', after!.followers), eb('authors.id', '>', after!.id)])]),
      ),
    )
    .orderBy('authors.followers', 'desc')
    .orderBy('authors.id')
    .limit(limit)
    .execute();
}

/**
 * Every account in the scope's streams with a post in range whose person key is one of `keys` (the
 * shown people's other networks). The key has no index: this reads the authors of those streams,
 * probing only the ones whose key matches.
 */
export async function authorsByPersonKey(db: Db, s: Scope, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .selectFrom('authors')
    .select(['authors.id', 'authors.name', 'authors.handle', 'authors.stream_id', 'authors.followers', personKey.as('person_key')])
    .where('authors.stream_id', 'in', s.streams)
    .where(sql<boolean>`${personKey} in (${sql.join(keys)})`)
    .where(hasPostInScope(s))
    .orderBy('authors.followers', 'desc')
    .orderBy('authors.id')
    .execute();
}

/** Posts in range per author, for the few authors shown. */
export async function clipCountsByAuthor(db: Db, s: Scope, authorIds: number[]): Promise<Map<number, number>> {
  if (authorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bin_clips')
    .select((eb) => ['bin_clips.author_id', eb.fn.countAll<number>().as('count')])
    .where('bin_clips.author_id', 'in', authorIds)
    .$call(clipsInScope(s))
    .groupBy('bin_clips.author_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.author_id), Number(r.count)]));
}
