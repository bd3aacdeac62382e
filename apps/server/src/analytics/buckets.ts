// Time buckets of an analytic read, filled the way Plausible fills its time series: the SQL
// answers only the buckets that have rows; the series is every bucket of the range, in order,
// each with its row or a zero row. Buckets are days, weeks (starting Monday, as Postgres'
// date_trunc('week')) or months of the client's wall clock, named by their first day
// (YYYY-MM-DD), which is also how the queries key their rows (to_char(date_trunc(...))). Which
// bucket a figure uses is the contract's rule (heatmapBucket, insightsBucket). A bucket the range
// cuts, or that holds now, is partial (bucketCoverage), so that the screens can say so.
import { bucketStartDays, type Bucket, type PartialBucket } from '@listening/contract';
import type { z } from 'zod';

const HOUR = 3_600_000;
const DAY = 86_400_000;

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

/** The first instant after the bucket that starts on `start` (wall clock). */
function bucketEnd(start: Date, bucket: Bucket): Date {
  const end = new Date(start);
  if (bucket === 'day') end.setUTCDate(end.getUTCDate() + 1);
  else if (bucket === 'week') end.setUTCDate(end.getUTCDate() + 7);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * How much of the bucket starting on `start` (YYYY-MM-DD) its figures cover, or null when all of
 * it: the range may cut the first or last bucket (one day of a week, half a month, hours off a
 * day), and no figure covers the time after now, so the bucket holding now is partial "so far".
 * Counted in days, or hours for a day bucket; a day or hour begun counts (14:20 is hour 15 of 24).
 * `nowWall` is now on the client's wall clock (scope.ts toWall).
 */
export function bucketCoverage(range: WallRange, bucket: Bucket, start: string, nowWall: Date): z.infer<typeof PartialBucket> | null {
  const from = new Date(`${start}T00:00:00Z`).getTime();
  const to = bucketEnd(new Date(from), bucket).getTime();
  const unit = bucket === 'day' ? HOUR : DAY;
  const now = nowWall.getTime();
  const coveredFrom = Math.max(from, range.startWall.getTime());
  const coveredTo = Math.min(to, range.endWall.getTime() + 1);
  const soFar = now >= coveredFrom && now < coveredTo;
  // Wall-clock instants carry the local time in their UTC fields, so days and hours align with the epoch.
  const covered = soFar
    ? Math.floor(now / unit) - Math.floor(coveredFrom / unit) + 1
    : Math.max(0, Math.ceil(Math.min(coveredTo, Math.max(now, coveredFrom)) / unit) - Math.floor(coveredFrom / unit));
  const of = Math.round((to - from) / unit);
  if (!soFar && covered === of) return null;
  return { Covered: covered, Of: of, Unit: bucket === 'day' ? 'hour' : 'day', SoFar: soFar };
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
