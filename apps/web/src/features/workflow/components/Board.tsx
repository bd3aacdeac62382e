// The columns and their drag and drop (dnd-kit: mouse, touch and keyboard sensors, with spoken
// announcements naming the ticket and the group). Where a ticket sits comes from the server's
// groups, changed at once by a move; the order within a column is kept here only.
import { Box } from '@mantine/core';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCorners,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { ticketPreview, type WorkflowClip, type WorkflowGroup } from '@listening/contract';
import { useMemo, useState } from 'react';
import { useAddGroup, useDeleteGroup, useMoveTicket, useRenameGroup, useSetDefaultGroup } from '../api/workflow.ts';
import { groupOfTicket, mergeOrder, parseKey, placeTicket, type Order } from '../board-state.ts';
import { AddGroupColumn } from './AddGroupColumn.tsx';
import { BoardColumn } from './BoardColumn.tsx';
import { DeleteGroupModal, RenameGroupModal } from './GroupDialogs.tsx';
import { TicketFace } from './TicketCard.tsx';
import { TicketModal } from './TicketModal.tsx';

interface BoardProps {
  workflowId: number;
  wordBinId: number;
  groups: WorkflowGroup[];
  timeZone: string;
  /** The board's background image (an object URL), or null. */
  background: string | null;
}

export function Board({ workflowId, wordBinId, groups, timeZone, background }: BoardProps) {
  const [localOrder, setLocalOrder] = useState<Order>({});
  const order = useMemo(() => mergeOrder(groups, localOrder), [groups, localOrder]);
  const tickets = useMemo(() => new Map(groups.flatMap((g) => g.Tickets).map((t) => [t.Id, t])), [groups]);
  const [active, setActive] = useState<WorkflowClip | null>(null);
  const [opened, setOpened] = useState<WorkflowClip | null>(null);
  const [renaming, setRenaming] = useState<WorkflowGroup | null>(null);
  const [deleting, setDeleting] = useState<WorkflowGroup | null>(null);

  const move = useMoveTicket(workflowId);
  const addGroup = useAddGroup(workflowId, wordBinId);
  const renameGroup = useRenameGroup(workflowId);
  const deleteGroup = useDeleteGroup(workflowId);
  const setDefault = useSetDefaultGroup(workflowId);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    // Press and hold, so a swipe still scrolls the board sideways on a phone.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const groupName = (id: number | null) => groups.find((g) => g.Id === id)?.Description ?? 'no group';
  /** The group a drop target stands for (a column, or the column of the ticket under the pointer). */
  const targetGroup = (id: UniqueIdentifier | undefined) => {
    const key = id === undefined ? null : parseKey(id);
    if (!key) return null;
    return key.kind === 'column' ? key.id : groupOfTicket(order, key.id);
  };
  const ticketName = (id: UniqueIdentifier) => {
    const t = tickets.get(parseKey(id)?.id ?? 0);
    return t ? `ticket ${ticketPreview(t.Clip.Body).slice(0, 60)}` : 'ticket';
  };
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `Picked up ${ticketName(a.id)} in ${groupName(targetGroup(a.id))}.`,
    onDragOver: ({ active: a, over }) => (over ? `${ticketName(a.id)} is over ${groupName(targetGroup(over.id))}.` : `${ticketName(a.id)} is over no group.`),
    onDragEnd: ({ active: a, over }) => (over ? `${ticketName(a.id)} dropped in ${groupName(targetGroup(over.id))}.` : `${ticketName(a.id)} put back.`),
    onDragCancel: ({ active: a }) => `Moving ${ticketName(a.id)} was cancelled; it is back where it was.`,
  };

  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const ticket = parseKey(a.id);
    const target = over ? parseKey(over.id) : null;
    const to = targetGroup(over?.id);
    const from = ticket ? groupOfTicket(order, ticket.id) : null;
    if (!ticket || !target || to === null || from === null) return;
    const index = target.kind === 'column' ? (order[to]?.length ?? 0) : order[to].indexOf(target.id);
    const before = localOrder;
    setLocalOrder(placeTicket(order, ticket.id, to, index));
    if (to !== from) move.mutate({ ticketId: ticket.id, groupId: to }, { onError: () => setLocalOrder(before) });
  };

  const defaultGroup = groups.find((g) => g.IsDefault);
  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        accessibility={{ announcements }}
        onDragStart={({ active: a }) => setActive(tickets.get(parseKey(a.id)?.id ?? 0) ?? null)}
        onDragCancel={() => setActive(null)}
        onDragEnd={onDragEnd}
      >
        <Box
          role="region"
          aria-label="Workflow board"
          style={{
            display: 'flex',
            gap: 12,
            alignItems: 'stretch',
            overflowX: 'auto',
            scrollSnapType: 'x proximity',
            padding: background ? 12 : '0 0 12px',
            borderRadius: 8,
            height: 'calc(100dvh - 230px)',
            minHeight: 360,
            ...(background ? { backgroundImage: `url(${background})`, backgroundSize: 'cover', backgroundPosition: 'center' } : {}),
          }}
        >
          {groups.map((g) => (
            <BoardColumn
              key={g.Id}
              group={g}
              tickets={(order[g.Id] ?? []).map((id) => tickets.get(id)!).filter(Boolean)}
              timeZone={timeZone}
              onOpen={setOpened}
              onRename={setRenaming}
              onDelete={setDeleting}
              onSetDefault={(group) => setDefault.mutate(group.Id)}
            />
          ))}
          <AddGroupColumn busy={addGroup.isPending} onAdd={(name) => addGroup.mutateAsync(name)} />
        </Box>
        <DragOverlay>{active && <TicketFace ticket={active} timeZone={timeZone} onOpen={() => {}} lifted />}</DragOverlay>
      </DndContext>
      <TicketModal ticket={opened} timeZone={timeZone} onClose={() => setOpened(null)} />
      <RenameGroupModal
        group={renaming}
        onClose={() => setRenaming(null)}
        onSave={(name) => renameGroup.mutateAsync({ workflowGroupId: renaming!.Id, name })}
      />
      <DeleteGroupModal
        group={deleting}
        defaultName={defaultGroup?.Description ?? 'the default group'}
        onClose={() => setDeleting(null)}
        onDelete={() => {
          if (deleting) deleteGroup.mutate(deleting.Id);
          setDeleting(null);
        }}
      />
    </>
  );
}
