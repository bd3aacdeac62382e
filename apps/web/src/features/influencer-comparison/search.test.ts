import { describe, expect, it } from 'vitest';
import { chosenIds, defaultIds, influencerComparisonSearchSchema, toggleChoice } from './search.ts';

describe('influencer comparison choice', () => {
  it('reads the ids of the address that exist, at most 5, and drops a bad list', () => {
    expect(chosenIds('4,9,4,77', [4, 9, 12])).toEqual([4, 9]);
    expect(chosenIds('1,2,3,4,5,6', [1, 2, 3, 4, 5, 6])).toEqual([1, 2, 3, 4, 5]);
    expect(influencerComparisonSearchSchema.parse({ ids: '4,x' })).toEqual({ ids: undefined });
    expect(influencerComparisonSearchSchema.parse({ ids: 7 })).toEqual({ ids: '7' });
  });

  it('defaults to the first 2 entries', () => {
    expect(defaultIds([8, 6, 3])).toEqual([8, 6]);
    expect(defaultIds([8])).toEqual([8]);
    expect(defaultIds([])).toEqual([]);
  });

  it('never unticks the last one and never ticks a sixth', () => {
    expect(toggleChoice([3], 3)).toEqual([3]);
    expect(toggleChoice([3, 4], 3)).toEqual([4]);
    expect(toggleChoice([1, 2, 3, 4, 5], 6)).toEqual([1, 2, 3, 4, 5]);
    expect(toggleChoice([1], 6)).toEqual([1, 6]);
  });
});
