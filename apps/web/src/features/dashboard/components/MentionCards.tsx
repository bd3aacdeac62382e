import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSum } from '@tabler/icons-react';
import { ALL_STREAMS, formatRand } from '@listening/contract';
import { StreamIcon, streamName } from '../../../ui/StreamIcon.tsx';
import { opensPosts } from '../../../project/clip-tray/opens-posts.ts';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useMentions } from '../api/get-mentions.ts';

const number = new Intl.NumberFormat('en-US');

/** Mentions per stream plus the total, each with its AVE in rand. */
export function MentionCards() {
  const { params, filter } = useProjectContext();
  const query = useMentions(params);
  const tray = useClipTray();
  const streams = filter.streams;
  const cards = [...streams.map((id) => ({ id, label: streamName(id) })), { id: ALL_STREAMS, label: 'Total' }];
  const find = (id: number) => query.data?.find((m) => m.StreamId === id);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: Math.min(cards.length, 6) }} spacing="md" data-testid="mention-cards">
      {cards.map((card) => {
        const m = find(card.id);
        const total = card.id === ALL_STREAMS;
        const count = m?.Count ?? 0;
        // A card opens its posts: one stream's, or every selected stream's for the total.
        const opener = count
          ? opensPosts(
              () => tray.open({ label: `${card.label} posts`, ...(total ? {} : { streamIds: String(card.id) }) }),
              `Open the ${number.format(count)} ${total ? '' : `${card.label} `}post${count === 1 ? '' : 's'}`,
            )
          : {};
        return (
          <Card
            key={card.id}
            withBorder
            radius="md"
            padding="md"
            data-testid={total ? 'mentions-total' : `mentions-${card.id}`}
            {...opener}
            style={{
              cursor: count ? 'pointer' : undefined,
              ...(total ? { background: 'linear-gradient(135deg, var(--mantine-color-blue-7), var(--mantine-color-cyan-7))', color: 'white', border: 0 } : {}),
            }}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Text size="xs" tt="uppercase" fw={700} c={total ? 'rgba(255,255,255,0.8)' : 'dimmed'} style={{ letterSpacing: 0.5 }}>
                  {card.label} mentions
                </Text>
                {query.isPending ? (
                  <Skeleton h={30} w={90} mt={4} />
                ) : (
                  <Text fz={28} fw={800} lh={1.1} data-testid="mention-count" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {query.isError ? '–' : number.format(m?.Count ?? 0)}
                  </Text>
                )}
              </Stack>
              {total ? (
                <ThemeIcon variant="white" color="blue" radius="xl" size={34}>
                  <IconSum size={18} />
                </ThemeIcon>
              ) : (
                <ThemeIcon variant="light" color="gray" radius="xl" size={34}>
                  <StreamIcon streamId={card.id} size={18} />
                </ThemeIcon>
              )}
            </Group>
            <Text size="sm" mt={6} c={total ? 'rgba(255,255,255,0.9)' : 'dimmed'} data-testid="mention-ave" style={{ fontVariantNumeric: 'tabular-nums' }}>
              AVE {query.isPending || query.isError ? '–' : formatRand(m?.AVE ?? 0)}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
