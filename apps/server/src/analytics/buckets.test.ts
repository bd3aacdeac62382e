import { heatmapBucket, insightsBucket } from '@listening/contract';
import { describe, expect, it } from 'vitest';
import { bucketCoverage, bucketStarts, byBucket, fillBuckets } from './buckets.ts';

/** A range of whole days as the client's wall clock, the end day included (as resolveScope makes it). */
const range = (from: string, to: string) => ({
  startWall: new Date(`${from}T00:00:00Z`),
  endWall: new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000 - 1),
});

describe('time buckets', () => {
  it('names each bucket of the range by its first day, in order: days, Monday weeks, months', () => {
    expect(bucketStarts(range('2024-02-27', '2024-03-02'), 'day')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    // 1 February 2024 is a Thursday: the first week starts on Monday 29 January, as date_trunc('week').
    expect(bucketStarts(range('2024-02-01', '2024-02-19'), 'week')).toEqual(['2024-01-29', '2024-02-05', '2024-02-12', '2024-02-19']);
    expect(bucketStarts(range('2024-01-15', '2024-04-10'), 'month')).toEqual(['2024-01-01', '2024-02-01', '2024-03-01', '2024-04-01']);
  });

  it('reads a range that starts and ends inside an hour of one day as that one day', () => {
    expect(bucketStarts({ startWall: new Date('2024-03-01T07:00:00Z'), endWall: new Date('2024-03-01T09:59:59.999Z') }, 'day')).toEqual(['2024-03-01']);
  });

  it('answers every bucket with its row, zeros where the query had none, and drops rows outside the range', () => {
    const rows = new Map([
      ['2024-03-02', { count: 4 }],
      ['2024-02-20', { count: 9 }],
    ]);
    expect(fillBuckets(range('2024-03-01', '2024-03-03'), 'day', rows, { count: 0 })).toEqual([
      { start: '2024-03-01', row: { count: 0 } },
      { start: '2024-03-02', row: { count: 4 } },
      { start: '2024-03-03', row: { count: 0 } },
    ]);
  });

  it('makes a zero row from the bucket start when given a function', () => {
    const filled = fillBuckets(range('2024-03-01', '2024-03-02'), 'day', new Map<string, { day: string; count: number }>(), (day) => ({ day, count: 0 }));
    expect(filled.map((b) => b.row)).toEqual([
      { day: '2024-03-01', count: 0 },
      { day: '2024-03-02', count: 0 },
    ]);
  });

  it("uses the contract's bucket rules: 31 days by day, 60 by week, 91 by month (heatmap); 29 by day, 30 by week (insights)", () => {
    for (const [days, rule, bucket, count] of [
      [31, heatmapBucket, 'day', 31],
      [60, heatmapBucket, 'week', 10],
      [91, heatmapBucket, 'month', 3],
      [29, insightsBucket, 'day', 29],
      [30, insightsBucket, 'week', 5],
    ] as const) {
      const r = range('2024-03-01', new Date(Date.UTC(2024, 2, days)).toISOString().slice(0, 10));
      expect(rule(r.startWall, r.endWall)).toBe(bucket);
      expect(fillBuckets(r, bucket, new Map(), 0)).toHaveLength(count);
    }
  });

  it('groups rows of the same bucket (the hours of a heatmap row)', () => {
    const grouped = byBucket(
      [
        { day: '2024-03-01', hour: 10 },
        { day: '2024-03-02', hour: 8 },
        { day: '2024-03-01', hour: 11 },
      ],
      (r) => r.day,
    );
    expect([...grouped.keys()]).toEqual(['2024-03-01', '2024-03-02']);
    expect(grouped.get('2024-03-01')!.map((r) => r.hour)).toEqual([10, 11]);
  });

  describe('partial buckets', () => {
    const later = new Date('2025-01-01T12:00:00Z');
    const coverage = (r: ReturnType<typeof range>, bucket: 'day' | 'week' | 'month', now = later) =>
      Object.fromEntries(bucketStarts(r, bucket).map((start) => [start, bucketCoverage(r, bucket, start, now)]));

    it('marks the first and last week the range cuts, and leaves whole weeks unmarked', () => {
      // Thursday 1 February to Monday 19 February 2024.
      expect(coverage(range('2024-02-01', '2024-02-19'), 'week')).toEqual({
        '2024-01-29': { Covered: 4, Of: 7, Unit: 'day', SoFar: false },
        '2024-02-05': null,
        '2024-02-12': null,
        '2024-02-19': { Covered: 1, Of: 7, Unit: 'day', SoFar: false },
      });
    });

    it('marks cut months by their own length', () => {
      expect(coverage(range('2024-01-15', '2024-04-10'), 'month')).toEqual({
        '2024-01-01': { Covered: 17, Of: 31, Unit: 'day', SoFar: false },
        '2024-02-01': null,
        '2024-03-01': null,
        '2024-04-01': { Covered: 10, Of: 30, Unit: 'day', SoFar: false },
      });
    });

    it('marks the bucket that holds now as so far: today in hours, this week in days', () => {
      const now = new Date('2024-03-06T14:20:00Z'); // a Wednesday, on the client's wall clock
      expect(coverage(range('2024-03-04', '2024-03-06'), 'day', now)).toEqual({
        '2024-03-04': null,
        '2024-03-05': null,
        '2024-03-06': { Covered: 15, Of: 24, Unit: 'hour', SoFar: true },
      });
      expect(coverage(range('2024-02-05', '2024-03-06'), 'week', now)['2024-03-04']).toEqual({ Covered: 3, Of: 7, Unit: 'day', SoFar: true });
      // A range ending on Sunday of this week: the rest of the week has no figures yet.
      expect(coverage(range('2024-02-05', '2024-03-10'), 'week', now)['2024-03-04']).toEqual({ Covered: 3, Of: 7, Unit: 'day', SoFar: true });
    });

    it('marks a day the range covers only some hours of', () => {
      const r = { startWall: new Date('2024-03-01T07:00:00Z'), endWall: new Date('2024-03-01T09:59:59.999Z') };
      expect(bucketCoverage(r, 'day', '2024-03-01', later)).toEqual({ Covered: 3, Of: 24, Unit: 'hour', SoFar: false });
    });

    it('says a bucket wholly after now covers nothing yet', () => {
      const now = new Date('2024-03-06T14:20:00Z');
      expect(bucketCoverage(range('2024-03-01', '2024-03-08'), 'day', '2024-03-07', now)).toEqual({ Covered: 0, Of: 24, Unit: 'hour', SoFar: false });
    });
  });
});
