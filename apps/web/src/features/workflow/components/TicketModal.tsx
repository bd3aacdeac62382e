// A ticket opened: the whole post (as the board received it), its author, network, date and a
// link to it on its network.
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { type WorkflowClip } from '@listening/contract';
import { Modal } from '../../../ui/Modal.tsx';
import { StreamIcon, streamName } from '../../../ui/StreamIcon.tsx';
import { formatTime } from '../../../ui/time.ts';

export function TicketModal({ ticket, timeZone, onClose }: { ticket: WorkflowClip | null; timeZone: string; onClose: () => void }) {
  return (
    <Modal opened={ticket !== null} onClose={onClose} title="Post" size="lg">
      {ticket && (
        <Stack gap="sm">
          <Group gap="xs">
            <StreamIcon streamId={ticket.StreamId} />
            <Text fw={600}>{ticket.AuthorName}</Text>
            <Text size="sm" c="dimmed">
              {formatTime(ticket.DatePosted, timeZone)}
            </Text>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{ticket.Clip.Body}</Text>
          {ticket.Link && /^https?:\/\//i.test(ticket.Link) && (
            <Anchor href={ticket.Link} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} component="span">
                Open the post on {streamName(ticket.StreamId)} <IconExternalLink size={14} />
              </Group>
            </Anchor>
          )}
        </Stack>
      )}
    </Modal>
  );
}
