import type { ContentClassification } from '@listening/contract';
import { describe, expect, it } from 'vitest';
import { classificationBarOption, segmentScope } from './charts.ts';

const daily: ContentClassification['Daily'] = [
  { Date: '2026-10-19', From: '2026-10-24T00:00:00', To: '2026-10-25T23:59:59', Label: '19 Oct 2026', Partial: true, Owned: 2, Earned: 4, Chatter: 15 },
  { Date: '2026-10-26', From: '2026-10-26T00:00:00', To: '2026-11-01T23:59:59', Label: '26 Oct 2026', Partial: false, Owned: 5, Earned: 22, Chatter: 54 },
];

describe('the content classification chart', () => {
  it('stacks owned, earned and chatter per bucket in their colours', () => {
    const option = classificationBarOption(daily) as { series: { name: string; data: (number | { value: number })[]; itemStyle: { color: string } }[] };
    const value = (v: number | { value: number }) => (typeof v === 'number' ? v : v.value);
    expect(option.series.map((s) => [s.name, s.data.map(value), s.itemStyle.color])).toEqual([
      ['Owned', [2, 5], '#1c7ed6'],
      ['Earned', [4, 22], '#2f9e44'],
      ['Chatter', [15, 54], '#f76707'],
    ]);
    // The first week is cut by the range: hatched, so its short bar is not read as a fall.
    expect(option.series[0].data[0]).toMatchObject({ value: 2, itemStyle: { opacity: 0.7 } });
  });

  it('opens a segment’s posts of its association, within the part of the week in range', () => {
    expect(segmentScope(daily, 1, 0)).toEqual({
      label: 'Earned posts, 19 Oct 2026',
      startDate: '2026-10-24T00:00:00',
      endDate: '2026-10-25T23:59:59',
      brandAssociationId: 2,
    });
    expect(segmentScope(daily, undefined, 1)).toEqual({ label: 'Posts, 26 Oct 2026', startDate: '2026-10-26T00:00:00', endDate: '2026-11-01T23:59:59' });
    expect(segmentScope(daily, 0, 5)).toBeNull();
  });
});
