import { describe, expect, it } from 'vitest';
import type { ScreenKey } from '@listening/contract';
import { HttpError } from '../errors.ts';
import { assertScreen } from './index.ts';

const refusal = (key: ScreenKey, typeId: number) => {
  try {
    assertScreen({ project_type_id: typeId }, key);
  } catch (err) {
    if (err instanceof HttpError) return { status: err.statusCode, message: err.message };
    throw err;
  }
  return null;
};

describe('assertScreen', () => {
  it('lets through the project types the side menu shows the screen to', () => {
    expect(refusal('top-authors', 1)).toBeNull();
    expect(refusal('sentiment', 7)).toBeNull();
    expect(refusal('top-authors-panel', 6)).toBeNull();
    expect(refusal('tree-view', 9)).toBeNull();
  });

  it('answers 403 in each screen’s own words to the other types', () => {
    expect(refusal('top-authors', 2)).toEqual({ status: 403, message: 'Top Authors is shown for project types 1, 5 only; this project is type 2' });
    expect(refusal('competitor-tracking', 6)?.message).toBe('Competitor tracking is shown for project types 1, 5 only; this project is type 6');
    expect(refusal('sentiment', 2)?.message).toBe('Sentiment Rating is shown for project types 1, 5, 6, 7 only; this project is type 2');
    expect(refusal('influencer-monitoring', 3)?.message).toBe('Influencer Monitoring is shown for project types 1, 5 only; this project is type 3');
    expect(refusal('deep-dive', 7)?.message).toBe('Deep Dive is offered for project types 1, 5 only; this project is type 7');
    expect(refusal('top-authors-panel', 2)?.message).toBe('Top authors are shown for project types 1, 5, 6, 7 only; this project is type 2');
    expect(refusal('influencer-discovery', 8)?.message).toBe('Influencer discovery is shown for project types 1, 5, 6, 7 only; this project is type 8');
  });
});
