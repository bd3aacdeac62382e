import { describe, expect, it } from 'vitest';
import { ticketPreview, zWorkflowDay, zWorkflowGroupIdOrPlaceholder, zWorkflowGroupName } from './model.ts';

describe('workflow rules', () => {
  it('cuts a ticket at its first full stop, not at a dot inside a word or number', () => {
    expect(ticketPreview('Flat cola again. Third time this week. Sort it out')).toBe('Flat cola again.');
    expect(ticketPreview('Visit acme.co.za for R3.50 deals. Now')).toBe('Visit acme.co.za for R3.50 deals.');
    expect(ticketPreview('  No stop at all\n here ')).toBe('No stop at all here');
    expect(ticketPreview('x'.repeat(300))).toHaveLength(160);
    expect(ticketPreview('x'.repeat(300)).endsWith('…')).toBe(true);
  });

  it('reads group names, days and the placeholder id as the calls send them', () => {
    expect(zWorkflowGroupName.parse('  In   progress ')).toBe('In progress');
    expect(zWorkflowGroupName.safeParse('   ').success).toBe(false);
    expect(zWorkflowDay('from').parse('2020/01/01').toISOString()).toBe('2020-01-01T00:00:00.000Z');
    expect(zWorkflowDay('from').safeParse('2020/02/30').success).toBe(false);
    expect(zWorkflowGroupIdOrPlaceholder.parse('999999999999')).toBe(999_999_999_999);
    expect(zWorkflowGroupIdOrPlaceholder.safeParse('999999999998').success).toBe(false);
  });
});
