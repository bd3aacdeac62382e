// A ticket on the board: the post cut at its first full stop, its author, network and date. The
// whole card is the drag handle (mouse, touch, or Space then the arrow keys); a click opens it.
import { ActionIcon, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconArrowsMaximize } from '@tabler/icons-react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ticketPreview, type WorkflowClip } from '@listening/contract';
import { StreamIcon } from '../../../ui/StreamIcon.tsx';
import { ticketKey } from '../board-state.ts';
import { formatTime } from '../../../ui/time.ts';

interface TicketProps {
  ticket: WorkflowClip;
  timeZone: string;
  onOpen: (ticket: WorkflowClip) => void;
}

/** The card's face, also drawn under the pointer while it is dragged. */
export function TicketFace({ ticket, timeZone, onOpen, lifted = false }: TicketProps & { lifted?: boolean }) {
  const preview = ticketPreview(ticket.Clip.Body);
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      shadow={lifted ? 'md' : 'xs'}
      style={{ cursor: lifted ? 'grabbing' : 'grab', background: 'var(--mantine-color-body)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap={6} align="flex-start">
        <Text size="sm" lineClamp={4} style={{ overflowWrap: 'anywhere' }}>
          {preview || '(no text)'}
        </Text>
        <Tooltip label="Open the post" withArrow openDelay={300}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Open the post: ${preview.slice(0, 60)}`}
            onPointerDown={(e) => e.stopPropagation()}
            onClick={(e) => {
              e.stopPropagation();
              onOpen(ticket);
            }}
          >
            <IconArrowsMaximize size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group gap={6} mt={6} wrap="nowrap">
        <StreamIcon streamId={ticket.StreamId} size={15} />
        <Text size="xs" fw={600} truncate style={{ minWidth: 0, flex: 1 }}>
          {ticket.AuthorName}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={ticket.DatePosted} title={formatTime(ticket.DatePosted, timeZone)}>
            {formatTime(ticket.DatePosted, timeZone)}
          </time>
        </Text>
      </Group>
    </Paper>
  );
}

export function TicketCard(props: TicketProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: ticketKey(props.ticket.Id) });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Ticket: ${ticketPreview(props.ticket.Clip.Body).slice(0, 80)}, by ${props.ticket.AuthorName}`}
      data-ticket={props.ticket.Id}
      onClick={() => props.onOpen(props.ticket)}
      className="workflow-ticket"
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1, borderRadius: 6 }}
    >
      <TicketFace {...props} />
    </div>
  );
}
