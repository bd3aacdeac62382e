import type { SentimentRating } from '@listening/contract';
import { describe, expect, it } from 'vitest';
import { SENTIMENTS, barScope, breakdownPieOption, dailyLinesOption, outerSegments, pieScope, pointScope } from './charts.ts';

const breakdown: SentimentRating['Breakdown'] = [
  { Name: 'Owned', BrandAssociationId: 1, Color: '#1c7ed6', Positive: 0, Neutral: 0, Negative: 0, Total: 0 },
  { Name: 'Earned', BrandAssociationId: 2, Color: '#2f9e44', Positive: 1, Neutral: 0, Negative: 2, Total: 3 },
  { Name: 'Chatter', BrandAssociationId: 3, Color: '#f76707', Positive: 4, Neutral: 1, Negative: 0, Total: 5 },
];
const daily: SentimentRating['Daily'] = [
  { Date: '2026-11-22', From: '2026-11-22T00:00:00', To: '2026-11-22T23:59:59', Label: '22 Nov 2026', Partial: false, Positive: 2, Neutral: 0, Negative: 1 },
  { Date: '2026-11-23', From: '2026-11-23T00:00:00', To: '2026-11-23T14:20:00', Label: '23 Nov 2026', Partial: true, Positive: 3, Neutral: 1, Negative: 1 },
];
type Series = { data: { name: string; value: number }[] }[];

describe('the Sentiment screen’s charts', () => {
  it('draws associations inside and their ratings outside, leaving empty ones out', () => {
    const series = breakdownPieOption(breakdown).series as Series;
    expect(series[0].data.map((d) => [d.name, d.value])).toEqual([
      ['Earned', 3],
      ['Chatter', 5],
    ]);
    expect(series[1].data.map((d) => [d.name, d.value])).toEqual([
      ['Positive', 1],
      ['Negative', 2],
      ['Positive', 4],
      ['Neutral', 1],
    ]);
    expect(outerSegments(breakdown)[1]).toMatchObject({ association: 'Earned', sentiment: 'Negative' });
  });

  it('opens a slice, a segment or a point narrowed to what it counts', () => {
    expect(pieScope(breakdown, 'inner', 0)).toEqual({ label: 'Earned posts', brandAssociationId: 2 });
    expect(pieScope(breakdown, 'outer', 1)).toEqual({ label: 'Negative Earned posts', brandAssociationId: 2, favourabilityId: 3 });
    expect(pieScope(breakdown, 'outer', 9)).toBeNull();
    expect(barScope(breakdown, 1, 2)).toEqual({ label: 'Neutral Chatter posts', brandAssociationId: 3, favourabilityId: 2 });
    // A point's posts are its bucket's, the last one up to now.
    expect(pointScope(daily, 0, 1)).toEqual({
      label: 'Positive posts, 23 Nov 2026',
      startDate: '2026-11-23T00:00:00',
      endDate: '2026-11-23T14:20:00',
      favourabilityId: 1,
    });
  });

  it('draws a line per rating over the bucket labels, counting in whole posts', () => {
    const option = dailyLinesOption(daily) as {
      xAxis: { data: string[] };
      yAxis: { minInterval: number };
      series: { name: string; data: (number | { value: number })[] }[];
    };
    expect(option.xAxis.data).toEqual(['22 Nov 2026', '23 Nov 2026']);
    expect(option.yAxis.minInterval).toBe(1);
    const value = (v: number | { value: number }) => (typeof v === 'number' ? v : v.value);
    // The solid and dashed lines of a rating together hold every bucket's count.
    const both = (i: number) => option.series[i].data.map((v, k) => value(v ?? option.series[i + 3].data[k]));
    expect(SENTIMENTS.map((s, i) => [s, both(i)])).toEqual([
      ['Positive', [2, 3]],
      ['Neutral', [0, 1]],
      ['Negative', [1, 1]],
    ]);
    // Today is only partly over: its point is a hollow diamond reached by a dashed segment, not a fall.
    const lines = option.series as unknown as { name: string; lineStyle: { type: string }; data: (number | { value: number; symbol?: string } | null)[] }[];
    expect(lines.map((l) => [l.name, l.lineStyle.type])).toEqual([
      ['Positive', 'solid'],
      ['Neutral', 'solid'],
      ['Negative', 'solid'],
      ['Positive', 'dashed'],
      ['Neutral', 'dashed'],
      ['Negative', 'dashed'],
    ]);
    expect(lines[0].data).toEqual([2, null]);
    expect(lines[3].data).toEqual([2, { value: 3, symbol: 'emptyDiamond', symbolSize: 11 }]);
    // A point of a dashed line opens the posts of its own rating.
    expect(pointScope(daily, 4, 1)).toMatchObject({ label: 'Neutral posts, 23 Nov 2026', favourabilityId: 2 });
  });
});
