import { Anchor, Badge, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { FAVOURABILITY_LOOKUP, formatInZone, formatRand } from '@listening/contract';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { StreamIcon } from '../../../ui/StreamIcon.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useTopPosts } from '../api/get-top-posts.ts';
import { QueryState, WidgetCard } from './WidgetCard.tsx';

/** The range's most valuable posts: author, stream, text, date, value and link. */
export function TopPosts() {
  const { params, project } = useProjectContext();
  const query = useTopPosts(params);
  const posts = query.data ?? [];
  return (
    <WidgetCard title="Top posts" subtitle="Highest impact in the range" testId="top-posts">
      <QueryState query={query} isEmpty={posts.length === 0} empty={<EmptyState title="No posts in this range" />} height={320}>
        <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars="y" scrollbars="y">
          <Stack gap={0}>
            {posts.map((p, i) => {
              const fav = FAVOURABILITY_LOOKUP.find((f) => f.Id === p.FavourabilityId);
              return (
                <Group
                  key={p.Id}
                  align="flex-start"
                  gap="sm"
                  wrap="nowrap"
                  py="sm"
                  style={{ borderTop: i ? '1px solid var(--mantine-color-gray-2)' : undefined }}
                >
                  <Text fw={700} c="dimmed" w={18} ta="right" size="sm">
                    {i + 1}
                  </Text>
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap={6} justify="space-between" wrap="nowrap">
                      <Group gap={6} wrap="nowrap" miw={0}>
                        <StreamIcon streamId={p.StreamId} size={15} />
                        <Text size="sm" fw={600} truncate>
                          {p.AuthorName}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatInZone(p.DatePosted, project.TimeZone, false)}
                      </Text>
                    </Group>
                    <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                      {p.Body}
                    </Text>
                    <Group gap="xs">
                      {fav && (
                        <Badge size="xs" variant="light" color={fav.Color}>
                          {fav.Description}
                        </Badge>
                      )}
                      <Text size="xs" c="dimmed">
                        AVE {formatRand(p.AVE)} · impact {p.ImpactScore.toFixed(1)}
                      </Text>
                      {p.Link && (
                        <Anchor href={p.Link} target="_blank" rel="noreferrer" size="xs">
                          <Group gap={2}>
                            open <IconExternalLink size={12} />
                          </Group>
                        </Anchor>
                      )}
                    </Group>
                  </Stack>
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      </QueryState>
    </WidgetCard>
  );
}
