import { describe, expect, it } from 'vitest';
import { deepDiveSearchSchema, deepDiveView } from './search.ts';

describe('deep dive address', () => {
  it('reads the rail and period the address names', () => {
    expect(deepDiveView(deepDiveSearchSchema.parse({ rail: 'handle', period: 'hourly' }))).toEqual({ rail: 'handle', period: 'hourly' });
    expect(deepDiveView(deepDiveSearchSchema.parse({ rail: 'entity', period: 'daily', datefrom: '2025-01-01' }))).toEqual({
      rail: 'entity',
      period: 'daily',
    });
  });

  it('falls back to hashtags and weekly for a missing or unknown value', () => {
    expect(deepDiveView(deepDiveSearchSchema.parse({}))).toEqual({ rail: 'hashtag', period: 'weekly' });
    expect(deepDiveSearchSchema.parse({ rail: 'emoji', period: 'monthly' })).toEqual({ rail: undefined, period: undefined });
    expect(deepDiveView(deepDiveSearchSchema.parse({ rail: 7, period: 'toString' }))).toEqual({ rail: 'hashtag', period: 'weekly' });
  });
});
