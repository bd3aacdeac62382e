import { describe, expect, it } from 'vitest';
import { INSIGHTS_TITLE, partialText } from './partial.ts';

describe('partial buckets in words', () => {
  it('says how much of a cut bucket is in range, and what has passed of the one holding now', () => {
    expect(partialText({ Covered: 1, Of: 7, Unit: 'day', SoFar: false })).toBe('Partial: 1 of 7 days in range');
    expect(partialText({ Covered: 3, Of: 7, Unit: 'day', SoFar: true })).toBe('So far: 3 of 7 days');
    expect(partialText({ Covered: 15, Of: 24, Unit: 'hour', SoFar: true })).toBe('So far: 15 of 24 hours');
    expect(partialText({ Covered: 0, Of: 24, Unit: 'hour', SoFar: false })).toBe('Not begun yet');
    expect(partialText({ Covered: 0, Of: 31, Unit: 'day', SoFar: false, BeforeData: true })).toBe('Before the data starts');
    expect(partialText({ Covered: 18, Of: 28, Unit: 'day', SoFar: false, BeforeData: true })).toBe('Partial: 18 of 28 days since the data starts');
  });

  it('titles the insights chart by the bucket it shows', () => {
    expect([INSIGHTS_TITLE.day, INSIGHTS_TITLE.week, INSIGHTS_TITLE.month]).toEqual(['Daily insights', 'Weekly insights', 'Monthly insights']);
  });
});
