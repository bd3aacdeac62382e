import { describe, expect, it } from 'vitest';
import { NARROW_HOUR_LABELS, cellScope, heatmapAxes, heatmapGrid, rowLabel, rowLabels } from './heatmap.ts';

describe('the heatmap grid', () => {
  it('has 24 columns per row and fills hours without posts with zero', () => {
    const { rows, points } = heatmapGrid([
      { Date: '2025-03-02', DatePosted: '2025-03-02T05:00:00', Hour: 5, Count: 3 },
      { Date: '2025-03-01', DatePosted: '2025-03-01T23:00:00', Hour: 23, Count: 7 },
    ]);
    expect(rows).toEqual(['2025-03-01', '2025-03-02']);
    expect(points).toHaveLength(48);
    expect(points).toContainEqual([23, 0, 7]);
    expect(points).toContainEqual([5, 1, 3]);
    expect(points).toContainEqual([0, 0, 0]);
  });

  it('marks partial rows (cut by the range, or holding now) with an asterisk', () => {
    expect(rowLabels(['2025-02-24', '2025-03-03'], 'week', [{ Date: '2025-02-24', Covered: 2, Of: 7, Unit: 'day', SoFar: false }])).toEqual([
      'Week of 24 Feb *',
      'Week of 3 Mar',
    ]);
  });

  it('labels rows by day, week or month', () => {
    expect(rowLabel('2025-03-03', 'day')).toBe('Mon 3 Mar');
    expect(rowLabel('2025-03-03', 'week')).toBe('Week of 3 Mar');
    expect(rowLabel('2025-03-01', 'month')).toBe('Mar 2025');
  });
});

describe('the posts of a heatmap cell', () => {
  const filter = { datefrom: '2025-02-10', dateto: '2025-04-20' };

  it('are one hour of one day for a day row', () => {
    expect(cellScope('2025-03-03', 14, 'day', filter)).toMatchObject({ hourStart: '2025-03-03T14:00:00' });
  });

  it("are that hour of each day of a week row's week", () => {
    expect(cellScope('2025-03-03', 9, 'week', filter)).toMatchObject({ startDate: '2025-03-03T00:00:00', endDate: '2025-03-09T23:59:59', hour: 9 });
  });

  it("stay inside the filter's range for a month row", () => {
    expect(cellScope('2025-02-01', 0, 'month', filter)).toMatchObject({ startDate: '2025-02-10T00:00:00', endDate: '2025-02-28T23:59:59', hour: 0 });
    expect(cellScope('2025-04-01', 23, 'month', filter)).toMatchObject({ startDate: '2025-04-01T00:00:00', endDate: '2025-04-20T23:59:59', hour: 23 });
  });
});

describe('the heatmap axes on a phone', () => {
  it("leave about 10 px a column for all 24 hours in a 390 px screen's card, and label 00, 06, 12, 18 and 23", () => {
    const { grid, xAxis } = heatmapAxes(['Sat 28 Nov *'], true);
    // 390 px less the page's and the card's padding: about 334 px of chart.
    expect((334 - grid.left - grid.right) / 24).toBeGreaterThanOrEqual(10);
    const shown = Array.from({ length: 24 }, (_, h) => h).filter((h) => (xAxis.axisLabel as { interval: (i: number) => boolean }).interval(h));
    expect(shown).toEqual([...NARROW_HOUR_LABELS]);
    expect((xAxis.axisLabel as { formatter: (v: string) => string }).formatter('23:00')).toBe('23');
  });
  it('keep the wide layout on a desktop', () => {
    expect(heatmapAxes([], false).grid.left).toBe(92);
  });
});
