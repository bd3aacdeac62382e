// Time buckets of an analytic read, filled the way Plausible fills its time series: the SQL
// answers only the buckets that have rows; the series is every bucket of the range, in order,
// each with its row or a zero row. Buckets are days, weeks (starting Monday, as Postgres'
// date_trunc('week')) or months of the client's wall clock, named by their first day
// (YYYY-MM-DD), which is also how the queries key their rows (to_char(date_trunc(...))). Which
// bucket a figure uses is the contract's rule (heatmapBucket, insightsBucket).
import type { Bucket } from '@listening/contract';
import { wallDay } from './scope.ts';

/** A range as the client's wall clock (UTC fields carry the local time), both ends inclusive: a Scope is one. */
export interface WallRange {
  startWall: Date;
  endWall: Date;
}

/** The first day of each bucket from the range's start to its end (YYYY-MM-DD, client time). */
export function bucketStarts(range: WallRange, bucket: Bucket): string[] {
  const d = new Date(Date.UTC(range.startWall.getUTCFullYear(), range.startWall.getUTCMonth(), range.startWall.getUTCDate()));
  if (bucket === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7)); // Monday, as date_trunc('week')
  if (bucket === 'month') d.setUTCDate(1);
  const out: string[] = [];
  while (d.getTime() <= range.endWall.getTime()) {
    out.push(wallDay(d));
    if (bucket === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (bucket === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
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
