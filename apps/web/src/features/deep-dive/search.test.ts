import { describe, expect, it } from 'vitest';
import { deepDiveSearchSchema, deepDiveView } from './search.ts';

const week = { datefrom: '2025-03-03', dateto: '2025-03-09' };

describe('deep dive address', () => {
  it('reads the rail and period the address names', () => {
    expect(deepDiveView(deepDiveSearchSchema.parse({ rail: 'handle', period: 'hourly' }), week)).toEqual({ rail: 'handle', period: 'hourly' });
    expect(deepDiveView(deepDiveSearchSchema.parse({ rail: 'entity', period: 'daily', datefrom: '2025-01-01' }), week)).toEqual({
      rail: 'entity',
      period: 'daily',
    });
  });

  it('falls back to hashtags and weekly for a missing or unknown value', () => {
    expect(deepDiveView(deepDiveSearchSchema.parse({}), week)).toEqual({ rail: 'hashtag', period: 'weekly' });
    expect(deepDiveSearchSchema.parse({ rail: 'emoji', period: 'monthly' })).toEqual({ rail: undefined, period: undefined });
    expect(deepDiveView(deepDiveSearchSchema.parse({ rail: 7, period: 'toString' }), week)).toEqual({ rail: 'hashtag', period: 'weekly' });
  });

  it('draws by the hour a range of at most 7 days only, else falls back to weekly', () => {
    const hourly = deepDiveSearchSchema.parse({ period: 'hourly' });
    expect(deepDiveView(hourly, week).period).toBe('hourly');
    expect(deepDiveView(hourly, { datefrom: '2025-03-03', dateto: '2025-03-10' }).period).toBe('weekly');
  });
});
