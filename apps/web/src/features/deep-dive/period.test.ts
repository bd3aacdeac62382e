import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { bucketEnd, bucketLabel, periodRange } from './period.ts';

describe('deep dive periods', () => {
  const now = dayjs('2025-03-20T14:25:10');
  it('reads the last 12 hours, 7 days or 5 weeks up to now', () => {
    expect(periodRange('hourly', now)).toEqual({ startDate: '2025-03-20T03:00:00', endDate: '2025-03-20T14:25:10' });
    expect(periodRange('daily', now)).toEqual({ startDate: '2025-03-14T00:00:00', endDate: '2025-03-20T14:25:10' });
    expect(periodRange('weekly', now).startDate).toBe('2025-02-14T00:00:00');
  });
  it('labels buckets and caps their end at the range end', () => {
    expect(bucketLabel('2025-03-04T00:00:00', 'day')).toBe('4 Mar 2025');
    expect(bucketLabel('2025-03-04T13:00:00', 'hour')).toBe('4 Mar 13:00');
    expect(bucketEnd('2025-03-14T00:00:00', 'week', '2025-03-20T14:25:10')).toBe('2025-03-20T14:25:10');
    expect(bucketEnd('2025-03-04T00:00:00', 'day', '2025-03-20T14:25:10')).toBe('2025-03-04T23:59:59');
  });
});
