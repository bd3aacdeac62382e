import { Box, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { FAVOURABILITY_LOOKUP, SENTIMENT_CARD_COLORS, formatRand } from '@listening/contract';
import { opensPosts } from '../../../project/clip-tray/opens-posts.ts';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { LockedPanel, useLockedProduct } from '../../../project/components/LockedPanel.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useSentiment } from '../api/get-sentiment.ts';
import { WidgetCard } from './WidgetCard.tsx';

const NAMES = ['Owned', 'Earned', 'Chatter', 'All'] as const;
const [POS, NEU, NEG] = FAVOURABILITY_LOOKUP.map((f) => f.Color);
const RATING = Object.fromEntries(FAVOURABILITY_LOOKUP.map((f) => [f.Description, { id: f.Id, name: f.Description }])) as Record<
  'Positive' | 'Neutral' | 'Negative',
  { id: number; name: string }
>;
const pct = (n: number, total: number) => (total ? Math.round((n / total) * 100) : 0);

const TITLE = 'Sentiment summary';

/**
 * Owned, Earned, Chatter and All, each in its colour, with its rating split: posts counted by
 * rating, so behind the Sentiment product as the Sentiment screen is.
 */
export function SentimentSummary() {
  const locked = useLockedProduct('Sentiment');
  return (
    <WidgetCard title={TITLE} subtitle={locked ? undefined : 'Owned, earned and chatter posts with their ratings'} testId="sentiment-summary">
      {locked ? <LockedPanel product={locked} /> : <SentimentCards />}
    </WidgetCard>
  );
}

function SentimentCards() {
  const { params } = useProjectContext();
  const query = useSentiment(params);
  const tray = useClipTray();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {NAMES.map((name) => {
          const card = query.data?.find((c) => c.Name === name);
          const color = SENTIMENT_CARD_COLORS[name];
          const total = card?.Total ?? 0;
          // The card's total opens its posts; each percentage, its posts of that rating ('4% neg': the negative ones).
          const opener = (count: number, rating?: { id: number; name: string }) =>
            card && count
              ? opensPosts(
                  () =>
                    tray.open({
                      label: `${rating ? `${rating.name} ` : ''}${name} posts`,
                      ...(card.BrandAssociationId ? { brandAssociationId: card.BrandAssociationId } : {}),
                      ...(rating ? { favourabilityId: rating.id } : {}),
                    }),
                  `Open the ${count.toLocaleString('en-US')} ${rating ? `${rating.name.toLowerCase()} ` : ''}${name} post${count === 1 ? '' : 's'}`,
                )
              : {};
          return (
            <Paper key={name} withBorder radius="md" p="md" data-testid={`sentiment-${name.toLowerCase()}`} style={{ borderTop: `4px solid ${color}` }}>
              <Text size="xs" tt="uppercase" fw={700} c={color} style={{ letterSpacing: 0.5 }}>
                {name}
              </Text>
              {query.isPending ? (
                <Skeleton h={54} mt={6} />
              ) : (
                <Stack gap={6} mt={4}>
                  <Group justify="space-between" align="baseline">
                    <Text fz={24} fw={800} lh={1.1} {...opener(total)}>
                      {total.toLocaleString('en-US')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      AVE {formatRand(card?.AVE ?? 0)}
                    </Text>
                  </Group>
                  <Tooltip label={`Positive ${card?.Positive ?? 0} · Neutral ${card?.Neutral ?? 0} · Negative ${card?.Negative ?? 0}`} withArrow>
                    <Box style={{ display: 'flex', height: 8, borderRadius: 4, overflow: 'hidden', background: 'var(--mantine-color-gray-2)' }}>
                      <div style={{ width: `${pct(card?.Positive ?? 0, total)}%`, background: POS }} />
                      <div style={{ width: `${pct(card?.Neutral ?? 0, total)}%`, background: NEU }} />
                      <div style={{ width: `${pct(card?.Negative ?? 0, total)}%`, background: NEG }} />
                    </Box>
                  </Tooltip>
                  <Group gap="sm">
                    <Text size="xs" c={POS} {...opener(card?.Positive ?? 0, RATING.Positive)}>
                      {pct(card?.Positive ?? 0, total)}% pos
                    </Text>
                    <Text size="xs" c="dimmed" {...opener(card?.Neutral ?? 0, RATING.Neutral)}>
                      {pct(card?.Neutral ?? 0, total)}% neu
                    </Text>
                    <Text size="xs" c={NEG} {...opener(card?.Negative ?? 0, RATING.Negative)}>
                      {pct(card?.Negative ?? 0, total)}% neg
                    </Text>
                  </Group>
                </Stack>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
    </>
  );
}
