import { describe, expect, it } from 'vitest';
import { chartBuckets } from '../rules.ts';
import { deepDiveBuckets } from './buckets.ts';
import { periodFits } from './model.ts';

const w = (s: string) => new Date(`${s}Z`);
const later = w('2030-01-01T00:00:00');

describe('deep dive buckets over the Filter range', () => {
  it('draws weeks from Monday, the first and last cut by the range, as every other chart does', () => {
    // Wednesday 4 March to Sunday 22 March 2026.
    const weeks = deepDiveBuckets(w('2026-03-04T00:00:00'), w('2026-03-22T23:59:59'), later, 'weekly');
    expect(weeks.map((b) => [b.start, b.from, b.to, b.label, b.partial])).toEqual([
      ['2026-03-02T00:00:00', '2026-03-04T00:00:00', '2026-03-08T23:59:59', '2 Mar 2026', true],
      ['2026-03-09T00:00:00', '2026-03-09T00:00:00', '2026-03-15T23:59:59', '9 Mar 2026', false],
      ['2026-03-16T00:00:00', '2026-03-16T00:00:00', '2026-03-22T23:59:59', '16 Mar 2026', false],
    ]);
    const shared = chartBuckets(w('2026-03-04T00:00:00'), w('2026-03-22T23:59:59'), later, 'week').buckets;
    expect(weeks.map((b) => [b.from, b.to])).toEqual(shared.map((b) => [b.from, b.to]));
  });

  it('draws the days of the range, the last capped at now and none after it', () => {
    const days = deepDiveBuckets(w('2026-03-04T00:00:00'), w('2026-03-07T23:59:59'), w('2026-03-05T10:20:00'), 'daily');
    expect(days.map((b) => [b.start, b.to, b.partial])).toEqual([
      ['2026-03-04T00:00:00', '2026-03-04T23:59:59', false],
      ['2026-03-05T00:00:00', '2026-03-05T10:20:00', true],
    ]);
  });

  it('draws the hours of the range up to now, labelled by day and hour', () => {
    const hours = deepDiveBuckets(w('2026-03-04T00:00:00'), w('2026-03-05T23:59:59'), w('2026-03-04T02:30:00'), 'hourly');
    expect(hours.map((b) => [b.start, b.from, b.to, b.label, b.partial])).toEqual([
      ['2026-03-04T00:00:00', '2026-03-04T00:00:00', '2026-03-04T00:59:59', '4 Mar 00:00', false],
      ['2026-03-04T01:00:00', '2026-03-04T01:00:00', '2026-03-04T01:59:59', '4 Mar 01:00', false],
      ['2026-03-04T02:00:00', '2026-03-04T02:00:00', '2026-03-04T02:30:00', '4 Mar 02:00', true],
    ]);
    expect(deepDiveBuckets(w('2026-03-04T00:00:00'), w('2026-03-05T23:59:59'), later, 'hourly')).toHaveLength(48);
  });

  it('draws hours for a range of at most 7 days only', () => {
    expect(periodFits('hourly', w('2026-03-01T00:00:00'), w('2026-03-07T23:59:59'))).toBe(true);
    expect(periodFits('hourly', w('2026-03-01T00:00:00'), w('2026-03-08T23:59:59'))).toBe(false);
    expect(periodFits('daily', w('2025-03-01T00:00:00'), w('2026-03-08T23:59:59'))).toBe(true);
  });
});
