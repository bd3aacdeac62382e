// The board as the screen holds it between answers: which tickets sit in which column (the
// server's, changed at once when a ticket moves, before the server confirms) and their order
// within a column (the reader's own, never saved: the specification keeps reordering local).
import type { WorkflowGroup } from '@listening/contract';

/** Ticket ids per group id, in the order the reader sees them. */
export type Order = Record<number, number[]>;

/** Draggable and droppable ids: a ticket's and a column's, told apart. */
export const ticketKey = (id: number) => `ticket-${id}`;
export const columnKey = (id: number) => `column-${id}`;
export const parseKey = (key: string | number): { kind: 'ticket' | 'column'; id: number } | null => {
  const m = /^(ticket|column)-(\d+)$/.exec(String(key));
  return m ? { kind: m[1] as 'ticket' | 'column', id: Number(m[2]) } : null;
};

/**
 * The reader's order brought up to date with the groups: tickets still in a column keep their
 * place, tickets new to it follow in the server's order (newest first), tickets gone leave.
 */
export function mergeOrder(groups: readonly WorkflowGroup[], previous: Order): Order {
  const next: Order = {};
  for (const g of groups) {
    const ids = new Set(g.Tickets.map((t) => t.Id));
    const kept = (previous[g.Id] ?? []).filter((id) => ids.has(id));
    const keptSet = new Set(kept);
    next[g.Id] = [...kept, ...g.Tickets.map((t) => t.Id).filter((id) => !keptSet.has(id))];
  }
  return next;
}

/** The group a ticket is in, by the reader's order. */
export const groupOfTicket = (order: Order, ticketId: number): number | null => {
  for (const [group, ids] of Object.entries(order)) if (ids.includes(ticketId)) return Number(group);
  return null;
};

/** The order after a ticket is dropped at `index` of a column (its own or another); index past the end appends. */
export function placeTicket(order: Order, ticketId: number, toGroup: number, index: number): Order {
  const next: Order = {};
  for (const [group, ids] of Object.entries(order)) next[Number(group)] = ids.filter((id) => id !== ticketId);
  const target = next[toGroup] ?? [];
  const at = Math.max(0, Math.min(index, target.length));
  next[toGroup] = [...target.slice(0, at), ticketId, ...target.slice(at)];
  return next;
}

/** The groups after a ticket moved to another group: what the screen shows until the server answers. */
export function moveTicketInGroups(groups: readonly WorkflowGroup[], ticketId: number, toGroup: number): WorkflowGroup[] {
  const ticket = groups.flatMap((g) => g.Tickets).find((t) => t.Id === ticketId);
  if (!ticket) return [...groups];
  return groups.map((g) => {
    if (g.Id === toGroup && ticket.WorkflowGroupId !== toGroup)
      return { ...g, TicketCount: g.TicketCount + 1, Tickets: [{ ...ticket, WorkflowGroupId: toGroup }, ...g.Tickets] };
    if (g.Id === ticket.WorkflowGroupId && g.Id !== toGroup)
      return { ...g, TicketCount: Math.max(0, g.TicketCount - 1), Tickets: g.Tickets.filter((t) => t.Id !== ticketId) };
    return g;
  });
}
