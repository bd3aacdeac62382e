import { describe, expect, it } from 'vitest';
import { bucketScope } from './scopes.ts';

const filter = { datefrom: '2025-03-05', dateto: '2025-03-20' };

describe('the tray scope of an insights bar', () => {
  it('is the whole day of a day bar', () => {
    expect(bucketScope('2025-03-10', 'day', filter)).toEqual({ label: 'Mon 10 Mar 2025', startDate: '2025-03-10T00:00:00', endDate: '2025-03-10T23:59:59' });
  });

  it('keeps a week cut by the range to its days in range, and says so', () => {
    expect(bucketScope('2025-03-03', 'week', filter)).toEqual({
      label: 'Week of 3 Mar 2025 (5 Mar – 9 Mar in range)',
      startDate: '2025-03-05T00:00:00',
      endDate: '2025-03-09T23:59:59',
    });
    expect(bucketScope('2025-03-17', 'week', filter).endDate).toBe('2025-03-20T23:59:59');
  });

  it("narrows to the clicked segment's rating", () => {
    expect(bucketScope('2025-03-01', 'month', { datefrom: '2025-03-01', dateto: '2025-03-31' }, { id: 3, name: 'Negative' })).toEqual({
      label: 'Negative posts, March 2025',
      startDate: '2025-03-01T00:00:00',
      endDate: '2025-03-31T23:59:59',
      favourabilityId: 3,
    });
  });
});
