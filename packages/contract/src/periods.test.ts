import { describe, expect, it } from 'vitest';
import { coverageOfBucket, periodCoverage } from './periods.ts';
import { chartBuckets } from './rules.ts';

const w = (s: string) => new Date(`${s}Z`);
// A range as the screens send it: whole days, end inclusive; now long after it unless said.
const cuts = (start: string, end: string, now = '2030-01-01', dataStart?: string) => ({
  startWall: w(`${start}T00:00:00`),
  endWall: w(`${end}T23:59:59.999`),
  nowWall: w(`${now}T00:00:00`),
  dataStartWall: dataStart ? w(`${dataStart}T00:00:00`) : null,
});

describe('a partial period: the one rule of every chart, table and workbook line', () => {
  it('leaves a whole period unmarked', () => {
    expect(coverageOfBucket('2026-03-02', 'week', cuts('2026-02-02', '2026-03-29'))).toBeNull();
    expect(coverageOfBucket('2026-02-01', 'month', cuts('2026-01-01', '2026-03-31'))).toBeNull();
    expect(coverageOfBucket('2026-03-04', 'day', cuts('2026-03-01', '2026-03-07', '2026-03-05'))).toBeNull();
    // Data from the first hour of a week's first day: the week is whole.
    expect(coverageOfBucket('2026-03-02', 'week', { ...cuts('2026-02-02', '2026-03-29'), dataStartWall: w('2026-03-02T05:00:00') })).toBeNull();
  });

  it('marks the week the range ends in mid-week, and the week holding now', () => {
    // Wednesday 4 March ends the range: 3 of the 7 days of the week from Monday 2 March.
    expect(coverageOfBucket('2026-03-02', 'week', cuts('2026-02-02', '2026-03-04'))).toEqual({ Covered: 3, Of: 7, Unit: 'day', SoFar: false });
    // Now is Thursday 5 March, 10:00: the week so far.
    expect(coverageOfBucket('2026-03-02', 'week', { ...cuts('2026-02-02', '2026-03-08'), nowWall: w('2026-03-05T10:00:00') })).toEqual({
      Covered: 4,
      Of: 7,
      Unit: 'day',
      SoFar: true,
    });
    // Today at 14:20: hour 15 of 24.
    expect(coverageOfBucket('2026-03-05', 'day', { ...cuts('2026-03-01', '2026-03-05'), nowWall: w('2026-03-05T14:20:00') })).toEqual({
      Covered: 15,
      Of: 24,
      Unit: 'hour',
      SoFar: true,
    });
  });

  it('marks periods a range reaching before the first data holds: before it, and the one it starts in', () => {
    const c = cuts('2026-01-01', '2026-03-31', '2030-01-01', '2026-02-11');
    // Wholly before the data: nothing of January was collected.
    expect(coverageOfBucket('2026-01-01', 'month', c)).toEqual({ Covered: 0, Of: 31, Unit: 'day', SoFar: false, BeforeData: true });
    // February from the 11th: 18 of its 28 days.
    expect(coverageOfBucket('2026-02-01', 'month', c)).toEqual({ Covered: 18, Of: 28, Unit: 'day', SoFar: false, BeforeData: true });
    expect(coverageOfBucket('2026-03-01', 'month', c)).toBeNull();
    // The charts' buckets follow the same rule.
    const { buckets } = chartBuckets(c.startWall, c.endWall, c.nowWall, 'month', c.dataStartWall);
    expect(buckets.map((b) => b.partial)).toEqual([true, true, false]);
    expect(chartBuckets(c.startWall, c.endWall, c.nowWall, 'month').buckets.map((b) => b.partial)).toEqual([false, false, false]);
  });

  it('takes any period, not only Monday weeks: a week ending on the range’s last day', () => {
    // Thursday 26 Feb to Wednesday 4 March, with now on Tuesday 3 March at 09:00.
    const c = { ...cuts('2026-01-08', '2026-03-04'), nowWall: w('2026-03-03T09:00:00') };
    expect(periodCoverage(w('2026-02-26T00:00:00'), w('2026-03-05T00:00:00'), c)).toEqual({ Covered: 6, Of: 7, Unit: 'day', SoFar: true });
    expect(periodCoverage(w('2026-02-19T00:00:00'), w('2026-02-26T00:00:00'), c)).toBeNull();
  });
});
