// A donut chart with its total written in the hole: the number large, 'posts' under it.
import { Box, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Lays the total over the chart (`children`), centred across and at `centre` percent of the
 * height (where the chart's series centre puts the hole); clicks pass through to the slices.
 */
export function DonutTotal({ total, testId, centre = 50, children }: { total: number; testId: string; centre?: number; children: ReactNode }) {
  return (
    <Box pos="relative">
      {children}
      <Stack
        gap={0}
        align="center"
        style={{ position: 'absolute', left: 0, right: 0, top: `${centre}%`, transform: 'translateY(-50%)', pointerEvents: 'none' }}
      >
        <Text fz={24} fw={800} lh={1} data-testid={testId}>
          {total.toLocaleString('en-US')}
        </Text>
        <Text size="xs" c="dimmed">
          posts
        </Text>
      </Stack>
    </Box>
  );
}
