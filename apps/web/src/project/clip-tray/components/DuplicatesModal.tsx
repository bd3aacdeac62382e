import { Anchor, Badge, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type Clip } from '@listening/contract';
import { useProjectContext } from '../../context.ts';

type DuplicateClip = Clip;
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { StreamIcon } from '../../../ui/StreamIcon.tsx';
import { useDuplicates, type DuplicatesParams } from '../api/get-duplicates.ts';
import { formatTime } from '../../../ui/time.ts';

/** 'Identify duplicates' (admins): near-duplicate posts of the listing, grouped. */
export function DuplicatesModal({ opened, onClose, query }: { opened: boolean; onClose: () => void; query: DuplicatesParams }) {
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
              <GroupClips clips={group.Clips} />
            </Paper>
          ))}
        </Stack>
      )}
    </Modal>
  );
}

const SHOWN = 5;

/** A group's posts: the first few, the rest on request (a group can hold dozens). */
function GroupClips({ clips }: { clips: DuplicateClip[] }) {
  const { project } = useProjectContext();
  const [all, setAll] = useState(false);
  const shown = all ? clips : clips.slice(0, SHOWN);
  return (
    <Stack gap={6}>
      {shown.map((c) => (
        <Group key={c.Id} gap="xs" wrap="nowrap" align="flex-start">
          <StreamIcon streamId={c.StreamId} size={14} />
          <Text size="xs" c="dimmed" w={150} style={{ flexShrink: 0 }}>
            {c.AuthorName} · {formatTime(c.DatePosted, project.TimeZone, { year: false })}
          </Text>
          <Text size="xs" lineClamp={2}>
            {c.Body}
          </Text>
        </Group>
      ))}
      {clips.length > SHOWN && (
        <Anchor component="button" type="button" size="xs" ta="left" onClick={() => setAll((a) => !a)}>
          {all ? 'Show fewer' : `Show ${clips.length - SHOWN} more`}
        </Anchor>
      )}
    </Stack>
  );
}
