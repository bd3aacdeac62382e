// Time buckets of an analytic read, filled the way Plausible fills its time series: the SQL
// answers only the buckets that have rows; the series is every bucket of the range, in order,
// each with its row or a zero row. Buckets are days, weeks (starting Monday, as Postgres'
// date_trunc('week')) or months of the client's wall clock, named by their first day
// (YYYY-MM-DD), which is also how the queries key their rows (to_char(date_trunc(...))). Which
// bucket a figure uses is the contract's rule (heatmapBucket, insightsBucket). A bucket the range
// cuts, that holds now, or that begins before the project's first data is partial
// (bucketCoverage), so that the screens, the PDF and the workbook can say so.
import { bucketStartDays, coverageOfBucket, type Bucket, type PartialBucket } from '@listening/contract';
import { sql } from 'kysely';
import type { z } from 'zod';

/**
 * SQL: the bucket of a stored time (`col`: an hourly rollup's hour by default, or a post's
 * posted_at) as its first day in the client's time zone (YYYY-MM-DD), the key bucketStarts and
 * fillBuckets use.
 */
export const bucketDay = (s: { timeZone: string }, bucket: Bucket, col = 'bin_hourly.hour') =>
  sql<string>`to_char(date_trunc(${sql.lit(bucket)}, ${sql.ref(col)} at time zone ${s.timeZone}), 'YYYY-MM-DD')`;

/** SQL: the hour (0–23) of a stored time on the client's wall clock. */
export const localHour = (s: { timeZone: string }, col = 'bin_hourly.hour') => sql<number>`extract(hour from ${sql.ref(col)} at time zone ${s.timeZone})::int`;

/** A range as the client's wall clock (UTC fields carry the local time), both ends inclusive: a Scope is one. */
export interface WallRange {
  startWall: Date;
  endWall: Date;
}

/** The first day of each bucket from the range's start to its end (YYYY-MM-DD, client time): the contract's rule. */
export function bucketStarts(range: WallRange, bucket: Bucket): string[] {
  return bucketStartDays(range.startWall, range.endWall, bucket);
}

/**
 * Every bucket of the range in order, each with its row (`rows` keyed by bucket start) or, for
 * a bucket without one, `zero` (a value, or made from the bucket's start). Rows keyed outside
 * the range are left out.
 */
export function fillBuckets<T>(range: WallRange, bucket: Bucket, rows: ReadonlyMap<string, T>, zero: T | ((start: string) => T)): { start: string; row: T }[] {
  const empty = typeof zero === 'function' ? (zero as (start: string) => T) : () => zero;
  return bucketStarts(range, bucket).map((start) => ({ start, row: rows.get(start) ?? empty(start) }));
}

/**
 * How much of the bucket starting on `start` (YYYY-MM-DD) its figures cover, or null when all of
 * it: the range may cut the first or last bucket (one day of a week, half a month, hours off a
 * day), no figure covers the time after now (the bucket holding now is partial "so far"), and
 * nothing was collected before the project's first data (`dataStartWall`). The contract's one
 * rule (periods.ts periodCoverage); `nowWall` is now on the client's wall clock (scope.ts toWall).
 */
export function bucketCoverage(
  range: WallRange,
  bucket: Bucket,
  start: string,
  nowWall: Date,
  dataStartWall: Date | null = null,
): z.infer<typeof PartialBucket> | null {
  return coverageOfBucket(start, bucket, { startWall: range.startWall, endWall: range.endWall, nowWall, dataStartWall });
}

/** Rows keyed by their bucket start, for fillBuckets; rows of the same bucket are grouped. */
export function byBucket<R>(rows: Iterable<R>, start: (row: R) => string): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const r of rows) {
    const key = start(r);
    const list = out.get(key);
    if (list) list.push(r);
    else out.set(key, [r]);
  }
  return out;
}
