// SQL of the dashboard's figures. The heavy ones read the hourly rollups (bin_hourly and
// bin_hourly_sentiment, both moved by ingestion and rating in one statement); top authors and top
// posts are the shared rankings of analytics/top-authors.ts and analytics/top-posts.ts.
import type { Bucket } from '@listening/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { bucketDay, localHour } from '../../analytics/buckets.ts';
import { rollupInScope, type Scope } from '../../analytics/scope.ts';

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
