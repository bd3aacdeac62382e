import { describe, expect, it } from 'vitest';
import type { WorkflowClip, WorkflowGroup } from '@listening/contract';
import { groupOfTicket, mergeOrder, moveTicketInGroups, parseKey, placeTicket } from './board-state.ts';

const ticket = (Id: number, WorkflowGroupId: number): WorkflowClip => ({
  Id,
  ClipId: Id,
  WorkflowGroupId,
  DatePosted: '2024-03-01T10:00:00.000Z',
  AuthorId: null,
  AuthorName: 'A',
  StreamId: 7,
  Link: null,
  Clip: { Body: `post ${Id}` },
});
const group = (Id: number, ids: number[], IsDefault = false): WorkflowGroup => ({
  Id,
  Description: `g${Id}`,
  IsDefault,
  IsDeleted: false,
  TicketCount: ids.length,
  Tickets: ids.map((t) => ticket(t, Id)),
});

describe('the board between answers', () => {
  it("keeps the reader's order within a column and adds new tickets after it", () => {
    const groups = [group(1, [3, 2, 1], true), group(2, [])];
    const first = mergeOrder(groups, {});
    expect(first).toEqual({ 1: [3, 2, 1], 2: [] });
    const reordered = placeTicket(first, 1, 1, 0);
    expect(reordered).toEqual({ 1: [1, 3, 2], 2: [] });
    expect(mergeOrder([group(1, [4, 3, 2, 1], true), group(2, [])], reordered)).toEqual({ 1: [1, 3, 2, 4], 2: [] });
  });

  it('moves a ticket to another column at the drop position, and the counts with it', () => {
    const order = placeTicket({ 1: [3, 2, 1], 2: [9] }, 2, 2, 1);
    expect(order).toEqual({ 1: [3, 1], 2: [9, 2] });
    expect(groupOfTicket(order, 2)).toBe(2);
    const moved = moveTicketInGroups([group(1, [3, 2, 1], true), group(2, [9])], 2, 2);
    expect(moved.map((g) => [g.TicketCount, g.Tickets.map((t) => t.Id)])).toEqual([
      [2, [3, 1]],
      [2, [2, 9]],
    ]);
    expect(moved[1].Tickets[0].WorkflowGroupId).toBe(2);
  });

  it('tells ticket and column ids apart', () => {
    expect(parseKey('ticket-12')).toEqual({ kind: 'ticket', id: 12 });
    expect(parseKey('column-3')).toEqual({ kind: 'column', id: 3 });
    expect(parseKey('other')).toBeNull();
  });
});
