import { Badge, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { StreamIcon } from '../../../ui/StreamIcon.tsx';
import { useDuplicates } from '../api/get-duplicates.ts';

/** 'Identify duplicates' (admins, 000 §6): near-duplicate posts of the listing, grouped. */
export function DuplicatesModal({ opened, onClose, query }: { opened: boolean; onClose: () => void; query: Record<string, string | number> }) {
  const { data, isPending, isError } = useDuplicates(query, opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Identify duplicates" size="xl" radius="md">
      {isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : isError ? (
        <EmptyState title="Duplicates could not be loaded" />
      ) : data.length === 0 ? (
        <EmptyState title="No near-duplicates">No posts in this listing repeat one another.</EmptyState>
      ) : (
        <Stack gap="md" data-testid="duplicate-groups">
          <Text size="sm" c="dimmed">
            {data.length} group{data.length === 1 ? '' : 's'} of posts that say nearly the same thing.
          </Text>
          {data.map((group, i) => (
            <Paper key={i} withBorder p="sm" radius="md">
              <Group justify="space-between" mb={6}>
                <Text fw={600} size="sm">
                  Group {i + 1} · {group.Clips.length} posts
                </Text>
                <Badge variant="light">{Math.round(group.Similarity * 100)}% similar</Badge>
              </Group>
              <Stack gap={6}>
                {group.Clips.map((c) => (
                  <Group key={c.Id} gap="xs" wrap="nowrap" align="flex-start">
                    <StreamIcon streamId={c.StreamId} size={14} />
                    <Text size="xs" c="dimmed" w={150} style={{ flexShrink: 0 }}>
                      {c.AuthorName} · {dayjs(c.DatePosted).format('D MMM HH:mm')}
                    </Text>
                    <Text size="xs" lineClamp={2}>
                      {c.Body}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
