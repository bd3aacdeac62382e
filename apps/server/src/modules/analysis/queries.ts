// SQL of the Sentiment, Content classification and Competitor tracking figures. Every count reads the
// hourly rollups (bin_hourly: clips, favourability and owned/earned/chatter per bin, stream and hour;
// bin_hourly_sentiment: favourability per brand association), never raw clips; only the competitor
// settings read projects and bins.
import type { Bucket } from '@listening/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { bucketDay } from '../../analytics/buckets.ts';
import { rollupInScope, type Scope } from '../../analytics/scope.ts';

/** Everything the two screens' headline figures need, for one scope, in one row. */
export function totals(db: Db, s: Scope) {
  return db
    .selectFrom('bin_hourly')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('clips'), sql<number>`0`).as('clips'),
      eb.fn.coalesce(eb.fn.sum<number>('positive'), sql<number>`0`).as('positive'),
      eb.fn.coalesce(eb.fn.sum<number>('neutral'), sql<number>`0`).as('neutral'),
      eb.fn.coalesce(eb.fn.sum<number>('negative'), sql<number>`0`).as('negative'),
      eb.fn.coalesce(eb.fn.sum<number>('owned'), sql<number>`0`).as('owned'),
      eb.fn.coalesce(eb.fn.sum<number>('earned'), sql<number>`0`).as('earned'),
      eb.fn.coalesce(eb.fn.sum<number>('chatter'), sql<number>`0`).as('chatter'),
    ])
    .$call(rollupInScope(s))
    .executeTakeFirstOrThrow();
}

/** The same figures per chart bucket; only buckets with posts answer (their sum is the range's totals). */
export function perBucket(db: Db, s: Scope, bucket: Bucket) {
  return db
    .selectFrom('bin_hourly')
    .select((eb) => [
      bucketDay(s, bucket).as('day'),
      eb.fn.sum<number>('clips').as('clips'),
      eb.fn.sum<number>('positive').as('positive'),
      eb.fn.sum<number>('neutral').as('neutral'),
      eb.fn.sum<number>('negative').as('negative'),
      eb.fn.sum<number>('owned').as('owned'),
      eb.fn.sum<number>('earned').as('earned'),
      eb.fn.sum<number>('chatter').as('chatter'),
    ])
    .$call(rollupInScope(s))
    .groupBy(sql`1`)
    .execute();
}

/** A project's competitors: live projects with a root bin, by name. */
export function competitorsOf(db: Db, projectId: number) {
  return db
    .selectFrom('competitors')
    .innerJoin('projects', 'projects.id', 'competitors.competitor_project_id')
    .select(['projects.id', 'projects.description', 'projects.bin_id'])
    .where('competitors.project_id', '=', projectId)
    .where('projects.is_deleted', '=', false)
    .where('projects.bin_id', 'is not', null)
    .orderBy('projects.description')
    .orderBy('projects.id')
    .execute();
}

/** The client's other live projects with a root bin: what may become a competitor. */
export function clientProjects(db: Db, clientId: number, exceptProjectId: number) {
  return db
    .selectFrom('projects')
    .select(['projects.id', 'projects.description', 'projects.bin_id'])
    .where('projects.client_id', '=', clientId)
    .where('projects.id', '<>', exceptProjectId)
    .where('projects.is_deleted', '=', false)
    .where('projects.bin_id', 'is not', null)
    .orderBy('projects.description')
    .orderBy('projects.id')
    .execute();
}

/** The live project whose root bin is `binId`, or undefined. */
export function projectOfRootBin(db: Db, binId: number) {
  return db
    .selectFrom('projects')
    .select(['id', 'client_id', 'description', 'bin_id'])
    .where('bin_id', '=', binId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
}
