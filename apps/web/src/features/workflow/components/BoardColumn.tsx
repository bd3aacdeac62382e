// A column of the board: one workflow group with its tickets, and its menu (Delete, Edit, Set As
// Default). The column itself takes drops, so an empty column can receive a ticket.
import { Badge, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { WorkflowClip, WorkflowGroup } from '@listening/contract';
import { columnKey, ticketKey } from '../board-state.ts';
import { TicketCard } from './TicketCard.tsx';
import { ActionsMenu } from '../../../ui/ActionsMenu.tsx';

export const COLUMN_WIDTH = 'min(290px, 82vw)';

interface ColumnProps {
  group: WorkflowGroup;
  tickets: WorkflowClip[];
  timeZone: string;
  onOpen: (ticket: WorkflowClip) => void;
  onRename: (group: WorkflowGroup) => void;
  onDelete: (group: WorkflowGroup) => void;
  onSetDefault: (group: WorkflowGroup) => void;
}

export function BoardColumn({ group, tickets, timeZone, onOpen, onRename, onDelete, onSetDefault }: ColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: columnKey(group.Id) });
  const hidden = group.TicketCount - tickets.length;
  return (
    <Paper
      component="section"
      aria-label={`Group ${group.Description}`}
      data-group={group.Description}
      data-over={isOver || undefined}
      withBorder
      radius="md"
      p="xs"
      bg={isOver ? 'blue.0' : 'gray.0'}
      style={{ width: COLUMN_WIDTH, flex: '0 0 auto', scrollSnapAlign: 'start', display: 'flex', flexDirection: 'column', maxHeight: '100%' }}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs" gap={6}>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text fw={700} size="sm" truncate>
            {group.Description}
          </Text>
          <Badge size="sm" variant="light" color="gray" aria-label={`${group.TicketCount} tickets`}>
            {group.TicketCount}
          </Badge>
          {group.IsDefault && (
            <Tooltip label="New matches arrive in this group" withArrow>
              <Badge size="sm" variant="light" color="blue">
                Default
              </Badge>
            </Tooltip>
          )}
        </Group>
        <ActionsMenu label={`Menu of ${group.Description}`} iconSize={16}>
          <Menu.Item leftSection={<IconTrash size={14} />} color="red" disabled={group.IsDefault} onClick={() => onDelete(group)}>
            Delete
          </Menu.Item>
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onRename(group)}>
            Edit
          </Menu.Item>
          <Menu.Item leftSection={<IconStar size={14} />} disabled={group.IsDefault} onClick={() => onSetDefault(group)}>
            Set As Default
          </Menu.Item>
        </ActionsMenu>
      </Group>
      <SortableContext items={tickets.map((t) => ticketKey(t.Id))} strategy={verticalListSortingStrategy}>
        <Stack ref={setNodeRef} gap={8} mih={80} style={{ overflowY: 'auto', flex: 1, padding: 2 }}>
          {tickets.map((t) => (
            <TicketCard key={t.Id} ticket={t} timeZone={timeZone} onOpen={onOpen} />
          ))}
          {tickets.length === 0 && (
            <Text size="xs" c="dimmed" ta="center" py="md">
              Drop tickets here
            </Text>
          )}
        </Stack>
      </SortableContext>
      {hidden > 0 && (
        <Text size="xs" c="dimmed" ta="center" mt={6}>
          and {hidden} older {hidden === 1 ? 'ticket' : 'tickets'}
        </Text>
      )}
    </Paper>
  );
}
