import { Box, Group, Text } from '@mantine/core';
import type { CollectionStatus } from '@listening/contract';
import { formatClock, useTimeZone } from '../../../ui/time.ts';
import type { LiveState } from '../live.ts';

/**
 * Says whether anything collects the project's posts and, when something does and the range holds
 * now, that the figures follow new posts and when they last moved. A project that collects nothing
 * is never shown as live: it says what it is, whatever the range (posts added by hand to an input
 * bin still move its figures, and the time they last moved is still said). Until the collection
 * status has answered it says nothing: 'Live' shown meanwhile would be wrong for a project that
 * collects nothing, for as long as the status took.
 */
export function LiveStatus({ live, updatedAt, collection }: LiveState & { collection?: CollectionStatus }) {
  const timeZone = useTimeZone();
  const updated = live && updatedAt ? ` · updated ${formatClock(updatedAt, timeZone)}` : '';
  if (collection && !collection.Collecting)
    return (
      <Group gap={8} justify="flex-end" wrap="nowrap" data-testid="live-status" data-state="not-collecting">
        <Box w={8} h={8} bg="orange.6" style={{ borderRadius: '50%', flex: 'none' }} aria-hidden />
        <Text size="xs" c="orange.9" fw={500} ta="right">
          {collection.Summary}
          {updated}
        </Text>
      </Group>
    );
  if (!live || !collection) return null;
  return (
    <Group gap={8} justify="flex-end" wrap="nowrap" data-testid="live-status" data-state="live">
      <Box w={8} h={8} bg="teal.6" style={{ borderRadius: '50%', flex: 'none' }} aria-hidden />
      <Text size="xs" c="dimmed" ta="right">
        Live: figures follow new {collection?.Simulated ? 'simulated demo posts' : 'posts'}
        {updated}
      </Text>
    </Group>
  );
}
