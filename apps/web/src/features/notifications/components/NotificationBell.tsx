import { ActionIcon, Button, Group, Indicator, Loader, Popover, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useLiveNotifications } from '../api/live-events.ts';
import { useMarkAllSeen, useMarkSeen } from '../api/mark-seen.ts';
import { clickEffect } from '../click.ts';
import { MentorDetailModal } from './MentorDetailModal.tsx';
import { NotificationList, opensTo } from './NotificationList.tsx';

const count = new Intl.NumberFormat('en-US');

/**
 * The private header's bell with the unread count, opening the notifications panel: never wider
 * than the screen less a margin, scrolling only up and down, with 'Mark all read' while any is unread.
 */
export function NotificationBell() {
  const { data, isPending } = useNotifications();
  // New notifications arrive without a reload (server-sent events).
  useLiveNotifications();
  const markSeen = useMarkSeen();
  const markAll = useMarkAllSeen();
  const remove = useDeleteNotification();
  const unread = data?.filter((n) => !n.DateSeen).length ?? 0;
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [mentorTutorialId, setMentorTutorialId] = useState<number | null>(null);
  return (
    <>
      <MentorDetailModal tutorialId={mentorTutorialId} onClose={() => setMentorTutorialId(null)} />
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width="min(360px, calc(100vw - 16px))" shadow="lg" withinPortal radius="md">
        <Popover.Target>
          <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} color="red" offset={6}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              radius="xl"
              onClick={() => setOpened((o) => !o)}
              aria-label={unread ? `Notifications, ${count.format(unread)} unread` : 'Notifications'}
            >
              <IconBell size={22} />
            </ActionIcon>
          </Indicator>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <Group justify="space-between" wrap="nowrap" gap="xs" px="sm" py={8} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Text fw={700}>Notifications</Text>
            {unread > 0 && (
              <Group gap={6} wrap="nowrap">
                <Text size="xs" c="dimmed" data-testid="unread-count">
                  {count.format(unread)} unread
                </Text>
                <Button size="compact-xs" variant="subtle" onClick={() => markAll.mutate()} loading={markAll.isPending}>
                  Mark all read
                </Button>
              </Group>
            )}
          </Group>
          {isPending ? (
            <Group justify="center" py="md">
              <Loader size="sm" />
            </Group>
          ) : (
            <NotificationList
              notifications={data ?? []}
              onOpen={(n) => {
                // By type (click.ts): 2 is marked seen, 1 is not, 4 shows the tutorial it is about.
                const effect = clickEffect(n);
                if (effect.markSeen) markSeen.mutate([n.Id]);
                if (effect.mentorTutorialId !== null) {
                  setOpened(false);
                  setMentorTutorialId(effect.mentorTutorialId);
                  return;
                }
                // A notification about a project opens it (its dashboard); the provider's own, their screen.
                const to = opensTo(n);
                if (to) {
                  setOpened(false);
                  void navigate({ to });
                }
              }}
              onDelete={(n) => remove.mutate(n.Id)}
            />
          )}
        </Popover.Dropdown>
      </Popover>
    </>
  );
}
