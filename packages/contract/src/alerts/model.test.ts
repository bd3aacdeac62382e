import { describe, expect, it } from 'vitest';
import { ALERT_INTERVAL_OPTIONS, AlertInput, intervalDescription } from './model.ts';

describe('alert rules', () => {
  it('words every interval as the subscriptions table of the specification does', () => {
    // The dialog's options read as the table does, but for the first and the last.
    const between = ['Every 5 Minutes', 'Every 10 Minutes', 'Every 15 Minutes', 'Every 30 Minutes', 'Every 60 Minutes', 'Every 6 Hours', 'Every 12 Hours'];
    expect([0, 5, 10, 15, 30, 60, 360, 720, 1440].map(intervalDescription)).toEqual(['Immediate Delivery', ...between, 'Every 24 Hours']);
    expect(intervalDescription(20)).toBe('Every 20 Minutes');
    expect(ALERT_INTERVAL_OPTIONS.map((o) => o.Description)).toEqual(['Immediate', ...between, 'Once a day']);
  });

  it('reads recipientIds as a comma list of distinct ids and refuses an empty one with the dialog’s warning', () => {
    const base = { name: 'A', projectId: 1, interval: 5, startDate: '2026-03-02' };
    expect(AlertInput.parse({ ...base, recipientIds: '3, 4,3' }).recipientIds).toEqual([3, 4]);
    const empty = AlertInput.safeParse({ ...base, recipientIds: ',' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0].message).toBe('Please select at least 1 recipient');
    expect(AlertInput.safeParse({ ...base, recipientIds: '1', startDate: '2026-02-30x' }).success).toBe(false);
    expect(AlertInput.safeParse({ ...base, recipientIds: '1', startDate: '2026-03-02T08:00' }).success).toBe(true);
  });
});
