import { Badge, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconUserStar } from '@tabler/icons-react';
import { INFLUENCER_LIFETIME_DAYS } from '@listening/contract';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { RemoveButton } from '../../../ui/RemoveButton.tsx';
import { StreamIcon } from '../../../ui/StreamIcon.tsx';
import { formatDate } from '../../../ui/time.ts';
import { useProjectContext } from '../../../project/context.ts';
import { useDeleteInfluencer } from '../api/delete-influencer.ts';
import { useInfluencers } from '../api/get-influencers.ts';
import { QueryState, WidgetCard } from './WidgetCard.tsx';

/** Authors followed for a year: days remaining, and removal. */
export function InfluencerDiscovery() {
  const { project } = useProjectContext();
  const query = useInfluencers(project.Id);
  const remove = useDeleteInfluencer(project.Id);
  const rows = query.data ?? [];
  return (
    <WidgetCard title="Influencer discovery" subtitle={`Authors you follow, each for ${INFLUENCER_LIFETIME_DAYS} days`} testId="influencer-discovery">
      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No influencers yet" icon={<IconUserStar size={26} />}>
            Add an author from Top authors to follow them here.
          </EmptyState>
        }
        height={200}
      >
        <ScrollArea.Autosize mah={420} type="auto">
          <Stack gap={0}>
            {rows.map((r, i) => (
              <Group key={r.Id} justify="space-between" wrap="nowrap" py={8} style={{ borderTop: i ? '1px solid var(--mantine-color-gray-2)' : undefined }}>
                <Group gap={8} wrap="nowrap" miw={0}>
                  <StreamIcon streamId={r.StreamId} size={16} />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {r.AuthorName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      added {formatDate(r.DateCreated, project.TimeZone)}
                    </Text>
                  </div>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <Badge variant="light" color={r.DaysRemaining < 30 ? 'orange' : 'blue'} data-testid="days-remaining">
                    {r.DaysRemaining} days left
                  </Badge>
                  <RemoveButton
                    tooltip="Remove"
                    label={`Remove ${r.AuthorName}`}
                    loading={remove.isPending && remove.variables === r.Id}
                    onClick={() => remove.mutate(r.Id)}
                  />
                </Group>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </QueryState>
    </WidgetCard>
  );
}
