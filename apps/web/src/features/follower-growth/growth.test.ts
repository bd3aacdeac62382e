import type { FollowerGrowth } from '@listening/contract';
import { describe, expect, it } from 'vitest';
import { changeText, comparisonSlices, lookbackText, weeklyLines } from './growth.ts';

const week = (Date: string, FollowerCount: number | null, Change: number | null = null) => ({ Date, FollowerCount, Change });
const g: FollowerGrowth = {
  Weeks: ['2024-02-05', '2024-02-12'],
  Partial: [null, null],
  Profiles: [
    { Id: 1, StreamId: 7, Name: 'Acme', Handle: 'acme', FollowerCount: 120, Weeks: [week('2024-02-05', 100), week('2024-02-12', 120, 20)] },
    { Id: 2, StreamId: 7, Name: 'Acme Help', Handle: null, FollowerCount: 10, Weeks: [week('2024-02-05', null), week('2024-02-12', 10)] },
    { Id: 3, StreamId: 8, Name: 'Acme FB', Handle: null, FollowerCount: 0, Weeks: [week('2024-02-05', null), week('2024-02-12', null)] },
  ],
  Snapshots: [],
  Followers: { Value: 130, Previous: 90 },
  Gained: { Value: 30, Previous: 0 },
};

describe('follower growth figures', () => {
  it('sums a network’s profiles per week and leaves weeks without snapshots empty', () => {
    expect(weeklyLines(g)).toEqual([
      { streamId: 7, values: [100, 130] },
      { streamId: 8, values: [null, null] },
    ]);
  });

  it('gives a pie slice to each profile with followers, shading a network’s second profile', () => {
    const slices = comparisonSlices(g, (s) => (s === 7 ? 'X' : 'Facebook'));
    expect(slices.map((s) => [s.name, s.value])).toEqual([
      ['Acme (X)', 120],
      ['Acme Help (X)', 10],
    ]);
    expect(slices[0].color).not.toBe(slices[1].color);
  });

  it('writes changes with their sign and the lookback as dates', () => {
    expect([changeText(1234), changeText(-56), changeText(0), changeText(null)]).toEqual(['+1,234', '−56', '0', '–']);
    expect(lookbackText(g)).toBe('5 Feb 2024 – 18 Feb 2024');
  });
});
