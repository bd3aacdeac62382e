// An analysis screen's headline figures, each with its change against the previous period (the
// shared Change badge): as cards (a card with posts opens them in the clip tray), or as a figure
// standing in a card of its own (HeadlineFigure).
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Compared } from '@listening/contract';
import type { ReactNode } from 'react';
import { opensPosts, postCount } from '../clip-tray/opens-posts.ts';
import { Change } from '../../ui/Change.tsx';

export interface HeadlineCard {
  key: string;
  label: string;
  color: string;
  figure: Compared;
  /** A rise is bad news (negative posts): the change shows green when it falls. */
  fallIsGood?: boolean;
  onOpen?: () => void;
}

export function HeadlineCards({ cards, testId }: { cards: HeadlineCard[]; testId: string }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid={testId}>
      {cards.map((c) => (
        <Paper
          key={c.key}
          withBorder
          radius="md"
          p="md"
          data-testid={`${testId}-${c.key}`}
          {...(c.onOpen && c.figure.Value ? opensPosts(c.onOpen, `Open the ${postCount(c.figure.Value)}: ${c.label}`) : {})}
          // After the spread: opensPosts' pointer cursor and the card's colour together.
          style={{ borderTop: `4px solid ${c.color}`, ...(c.onOpen && c.figure.Value ? { cursor: 'pointer' } : {}) }}
        >
          <Text size="sm" c="dimmed" fw={600}>
            {c.label}
          </Text>
          <Group justify="space-between" align="baseline" gap={4} wrap="wrap">
            <Text fz={26} fw={800} lh={1.2} data-testid={`${testId}-${c.key}-value`}>
              {c.figure.Value.toLocaleString('en-US')}
            </Text>
            <Change figure={c.figure} fallIsGood={c.fallIsGood} />
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** One headline figure: its label, the value (`shown` writes it otherwise, a signed change say) and its change over `period`. */
export function HeadlineFigure({
  label,
  figure,
  testId,
  period,
  shown,
}: {
  label: string;
  figure: Compared;
  testId: string;
  period?: string;
  shown?: ReactNode;
}) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap="xs" align="baseline">
        <Text fz={26} fw={800} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {shown ?? figure.Value.toLocaleString('en-US')}
        </Text>
        <Change figure={figure} period={period} />
      </Group>
    </Stack>
  );
}
