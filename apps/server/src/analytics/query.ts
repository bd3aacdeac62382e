// The query runner of the figures (Plausible's idea): every rollup figure of a scope is read here,
// by total, stream, bucket, hour of a bucket or brand association, with the comparison (previous)
// period and the buckets' partial coverage, so the dashboard, the analysis screens and the reports
// ask one place and a change to the rollups changes one file (docs/architecture.md, "Figures").
// A screen resolves its scope (scope.ts resolveScope) and asks, e.g.
// `total(db, s, ['clips', 'ave'])` or `series(db, s, bucket, ['clips'])`; it never writes SQL over
// the rollups itself. The SQL it compiles is checked in as analytics/sql/query.sql (query-sql.test.ts).
import type { Bucket, PartialBucket } from '@listening/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/connection.ts';
import { bucketCoverage, bucketDay, fillBuckets, localHour } from './buckets.ts';
import { firstDataWall } from './rollup-queries.ts';
import { previousScope, rollupInScope, toWall, type Scope } from './scope.ts';

/** The figures bin_hourly sums per bin, stream and hour. */
export type Metric = 'clips' | 'ave' | 'positive' | 'neutral' | 'negative' | 'owned' | 'earned' | 'chatter';
/** The figures bin_hourly_sentiment sums per brand association. */
export type AssociationMetric = 'positive' | 'neutral' | 'negative' | 'ave';
/** One number per asked metric (0 where nothing is in scope). */
export type Figures<M extends string> = Record<M, number>;

const sumOf = (table: string, m: string) => sql<string>`sum(${sql.ref(`${table}.${m}`)})`.as(m);

function figures<M extends string>(row: Record<string, unknown> | undefined, metrics: readonly M[]): Figures<M> {
  return Object.fromEntries(metrics.map((m) => [m, Number(row?.[m] ?? 0)])) as Figures<M>;
}

/** The scope's totals in one row, zeros when nothing is in it. */
export async function total<M extends Metric>(db: Db, s: Scope, metrics: readonly M[]): Promise<Figures<M>> {
  const row = await db
    .selectFrom('bin_hourly')
    .select(metrics.map((m) => sql<string>`coalesce(sum(${sql.ref(`bin_hourly.${m}`)}), 0)`.as(m)))
    .$call(rollupInScope(s))
    .executeTakeFirst();
  return figures(row as Record<string, unknown> | undefined, metrics);
}

/** The same totals over the comparison period: the range of equal length just before the scope's (scope.ts previousScope). */
export function totalPrevious<M extends Metric>(db: Db, s: Scope, metrics: readonly M[]): Promise<Figures<M>> {
  return total(db, previousScope(s), metrics);
}

/** The figures per stream that has posts in scope, keyed by stream id. */
export async function byStream<M extends Metric>(db: Db, s: Scope, metrics: readonly M[]): Promise<Map<number, Figures<M>>> {
  const rows = await db
    .selectFrom('bin_hourly')
    .select(['bin_hourly.stream_id', ...metrics.map((m) => sumOf('bin_hourly', m))])
    .$call(rollupInScope(s))
    .groupBy('bin_hourly.stream_id')
    .execute();
  return new Map(rows.map((r) => [r.stream_id, figures(r as Record<string, unknown>, metrics)]));
}

/** The figures per bucket that has posts in scope, keyed by the bucket's first day (buckets.ts bucketDay). */
export async function byBucket<M extends Metric>(db: Db, s: Scope, bucket: Bucket, metrics: readonly M[]): Promise<Map<string, Figures<M>>> {
  const rows = await db
    .selectFrom('bin_hourly')
    .select([bucketDay(s, bucket).as('day'), ...metrics.map((m) => sumOf('bin_hourly', m))])
    .$call(rollupInScope(s))
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [r.day, figures(r as Record<string, unknown>, metrics)]));
}

/** The figures per bucket and hour of the client's day (0–23) that have posts in scope. */
export async function byBucketHour<M extends Metric>(
  db: Db,
  s: Scope,
  bucket: Bucket,
  metrics: readonly M[],
): Promise<{ day: string; hour: number; figures: Figures<M> }[]> {
  const rows = await db
    .selectFrom('bin_hourly')
    .select([bucketDay(s, bucket).as('day'), localHour(s).as('hour'), ...metrics.map((m) => sumOf('bin_hourly', m))])
    .$call(rollupInScope(s))
    .groupBy([sql`1`, sql`2`])
    .execute();
  return rows.map((r) => ({ day: r.day, hour: Number(r.hour), figures: figures(r as Record<string, unknown>, metrics) }));
}

/** The figures per brand association (1 Owned, 2 Earned, 3 Chatter: 0 is stored as 3), keyed by its id. */
export async function byAssociation<M extends AssociationMetric>(db: Db, s: Scope, metrics: readonly M[]): Promise<Map<number, Figures<M>>> {
  const rows = await db
    .selectFrom('bin_hourly_sentiment')
    .select(['bin_hourly_sentiment.brand_association_id', ...metrics.map((m) => sumOf('bin_hourly_sentiment', m))])
    .$call(rollupInScope(s, 'bin_hourly_sentiment'))
    .groupBy('bin_hourly_sentiment.brand_association_id')
    .execute();
  return new Map(rows.map((r) => [r.brand_association_id, figures(r as Record<string, unknown>, metrics)]));
}

/** What may cut a bucket besides the range: now and the project's first data, both as the client's wall clock. */
export interface Cuts {
  nowWall: Date;
  dataStart: Date | null;
}

/** Now and the project's first data for the scope (rollup-queries.ts firstDataWall). */
export async function cutsOf(db: Db, s: Scope, now = new Date()): Promise<Cuts> {
  return { nowWall: toWall(now, s.timeZone), dataStart: await firstDataWall(db, s) };
}

/**
 * Every bucket of the range in order with its figures (zeros where nothing was posted) and its
 * coverage: null when the figures cover all of it, else what the range, now or the project's
 * first data cut off (buckets.ts bucketCoverage). `cuts` defaults to now and the scope's project.
 */
export async function series<M extends Metric>(
  db: Db,
  s: Scope,
  bucket: Bucket,
  metrics: readonly M[],
  cuts?: Cuts,
): Promise<{ start: string; figures: Figures<M>; partial: z.infer<typeof PartialBucket> | null }[]> {
  const [rows, c] = await Promise.all([byBucket(db, s, bucket, metrics), cuts ?? cutsOf(db, s)]);
  return fillBuckets(s, bucket, rows, figures(undefined, metrics)).map(({ start, row }) => ({
    start,
    figures: row,
    partial: bucketCoverage(s, bucket, start, c.nowWall, c.dataStart),
  }));
}
