import { Anchor, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { formatRand, topPostsRanking, type RankedPost } from '@listening/contract';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { FavourabilityBadge } from '../../../ui/PostBadges.tsx';
import { StreamIcon } from '../../../ui/StreamIcon.tsx';
import { opensPosts } from '../../../project/clip-tray/opens-posts.ts';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useTopPosts } from '../api/get-top-posts.ts';
import { QueryState, WidgetCard } from './WidgetCard.tsx';
import { formatTime } from '../../../ui/time.ts';

const count = (n: number) => n.toLocaleString('en-US');
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The range's top posts, ranked as the reports rank them (impact, then engagement, then AVE; at
 * most 2 per author; docs/dashboard.md). A post opens in the clip tray; its link opens the original.
 */
export function TopPosts() {
  const { params, project } = useProjectContext();
  const tray = useClipTray();
  const query = useTopPosts(params);
  const posts = query.data ?? [];
  const open = (p: RankedPost) => tray.open({ label: `Top post by ${p.AuthorName || 'an unknown author'}`, binClipBaseIds: [p.Id] });
  return (
    <WidgetCard title="Top posts" subtitle={topPostsRanking()} testId="top-posts">
      <QueryState query={query} isEmpty={posts.length === 0} empty={<EmptyState title="No posts in this range" />} height={320}>
        {/* The autosized area makes its content at least as wide as its widest line (min-content), which pushed the posts past a phone's edge. */}
        <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars="y" scrollbars="y" styles={{ content: { minWidth: 0 } }}>
          <Stack gap={0}>
            {posts.map((p, i) => (
              <Group
                key={p.Id}
                align="flex-start"
                gap="sm"
                wrap="nowrap"
                py="sm"
                data-testid="top-post"
                data-post-id={p.Id}
                data-author-id={p.AuthorId ?? ''}
                style={{ borderTop: i ? '1px solid var(--mantine-color-gray-2)' : undefined }}
              >
                <Text fw={700} c="dimmed" w={18} ta="right" size="sm" style={{ flexShrink: 0 }}>
                  {i + 1}
                </Text>
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Stack gap={4} {...opensPosts(() => open(p), `Open the post by ${p.AuthorName || 'an unknown author'} in the clip tray`)}>
                    <Group gap={6} justify="space-between" wrap="nowrap">
                      <Group gap={6} wrap="nowrap" miw={0}>
                        <StreamIcon streamId={p.StreamId} size={15} />
                        <Text size="sm" fw={600} truncate c="blue.8" data-testid="top-post-author">
                          {p.AuthorName}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatTime(p.DatePosted, project.TimeZone, { year: false })}
                      </Text>
                    </Group>
                    <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {p.Body}
                    </Text>
                  </Stack>
                  <Group gap="xs" style={{ rowGap: 2 }}>
                    <FavourabilityBadge id={p.FavourabilityId} size="xs" />
                    <Text size="xs" c="dimmed" data-testid="top-post-figures">
                      {/* Each figure kept on one line; a narrow card breaks between them. */}
                      <span style={NOWRAP}>impact {p.ImpactScore.toFixed(1)}</span> · <span style={NOWRAP}>engagement {count(p.Engagement)}</span> ·{' '}
                      <span style={NOWRAP}>AVE {formatRand(p.AVE)}</span>
                    </Text>
                    {p.Link && (
                      <Anchor
                        href={p.Link}
                        target="_blank"
                        rel="noreferrer"
                        size="xs"
                        aria-label={`The original post by ${p.AuthorName || 'an unknown author'}`}
                      >
                        <Group gap={2} wrap="nowrap">
                          open <IconExternalLink size={12} />
                        </Group>
                      </Anchor>
                    )}
                  </Group>
                </Stack>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </QueryState>
    </WidgetCard>
  );
}
