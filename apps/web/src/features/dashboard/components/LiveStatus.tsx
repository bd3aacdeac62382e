import { Box, Group, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { LiveState } from '../live.ts';

/** Says that the figures follow new posts while the range holds now, and when they last moved. */
export function LiveStatus({ live, updatedAt }: LiveState) {
  if (!live) return null;
  return (
    <Group gap={8} justify="flex-end" data-testid="live-status">
      <Box w={8} h={8} bg="teal.6" style={{ borderRadius: '50%' }} aria-hidden />
      <Text size="xs" c="dimmed">
        Live: figures follow new posts{updatedAt ? ` · updated ${dayjs(updatedAt).format('HH:mm:ss')}` : ''}
      </Text>
    </Group>
  );
}
