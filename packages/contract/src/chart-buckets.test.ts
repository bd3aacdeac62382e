import { describe, expect, it } from 'vitest';
import { bucketStartDays, chartBuckets, chartLabel } from './rules.ts';

const w = (s: string) => new Date(`${s}Z`);

describe('chart buckets', () => {
  it('gives a day each under 30 days, labelled D MMM YYYY, the last one capped at now', () => {
    const { bucket, buckets } = chartBuckets(w('2026-03-03T00:00:00'), w('2026-03-04T23:59:59'), w('2026-03-04T14:20:00'));
    expect(bucket).toBe('day');
    expect(buckets).toEqual([
      { start: '2026-03-03', from: '2026-03-03T00:00:00', to: '2026-03-03T23:59:59', label: '3 Mar 2026', partial: false },
      { start: '2026-03-04', from: '2026-03-04T00:00:00', to: '2026-03-04T14:20:00', label: '4 Mar 2026', partial: true },
    ]);
  });

  it('gives Monday weeks from 30 days, cut by the range at both ends', () => {
    const { bucket, buckets } = chartBuckets(w('2026-01-01T00:00:00'), w('2026-01-30T23:59:59'), w('2026-06-01T00:00:00'));
    expect(bucket).toBe('week');
    expect(buckets.map((b) => b.start)).toEqual(['2025-12-29', '2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26']);
    expect(buckets[0].from).toBe('2026-01-01T00:00:00');
    expect(buckets[0].label).toBe('29 Dec 2025');
    expect(buckets.at(-1)!.to).toBe('2026-01-30T23:59:59');
    expect(buckets.map((b) => b.partial)).toEqual([true, false, false, false, true]);
  });

  it('gives months from 90 days and leaves out buckets wholly after now', () => {
    const { bucket, buckets } = chartBuckets(w('2026-01-15T00:00:00'), w('2026-05-31T23:59:59'), w('2026-03-10T08:00:00'));
    expect(bucket).toBe('month');
    expect(buckets.map((b) => [b.start, b.from, b.to])).toEqual([
      ['2026-01-01', '2026-01-15T00:00:00', '2026-01-31T23:59:59'],
      ['2026-02-01', '2026-02-01T00:00:00', '2026-02-28T23:59:59'],
      ['2026-03-01', '2026-03-01T00:00:00', '2026-03-10T08:00:00'],
    ]);
  });

  it('answers no buckets for a range wholly in the future', () => {
    expect(chartBuckets(w('2026-03-05T00:00:00'), w('2026-03-06T23:59:59'), w('2026-03-04T10:00:00')).buckets).toEqual([]);
  });

  it('starts weeks on Monday and months on the 1st, as date_trunc', () => {
    expect(bucketStartDays(w('2026-03-04T00:00:00'), w('2026-03-10T00:00:00'), 'week')).toEqual(['2026-03-02', '2026-03-09']);
    expect(bucketStartDays(w('2026-02-14T00:00:00'), w('2026-03-01T00:00:00'), 'month')).toEqual(['2026-02-01', '2026-03-01']);
    expect(chartLabel('2026-12-09')).toBe('9 Dec 2026');
  });
});
