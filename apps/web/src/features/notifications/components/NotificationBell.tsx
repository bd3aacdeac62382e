import { ActionIcon, Group, Indicator, Loader, Popover, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useLiveNotifications } from '../api/live-events.ts';
import { useMarkSeen } from '../api/mark-seen.ts';
import { clickEffect } from '../click.ts';
import { MentorDetailModal } from './MentorDetailModal.tsx';
import { NotificationList, opensTo } from './NotificationList.tsx';

/** The private header's bell with the unread count, opening the notifications panel. */
export function NotificationBell() {
  const { data, isPending } = useNotifications();
  // New notifications arrive without a reload (server-sent events).
  useLiveNotifications();
  const markSeen = useMarkSeen();
  const remove = useDeleteNotification();
  const unread = data?.filter((n) => !n.DateSeen).length ?? 0;
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [mentorTutorialId, setMentorTutorialId] = useState<number | null>(null);
  return (
    <>
      <MentorDetailModal tutorialId={mentorTutorialId} onClose={() => setMentorTutorialId(null)} />
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="lg" withinPortal radius="md">
        <Popover.Target>
          <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} color="red" offset={6}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              radius="xl"
              onClick={() => setOpened((o) => !o)}
              aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
            >
              <IconBell size={22} />
            </ActionIcon>
          </Indicator>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <Group justify="space-between" px="sm" py={10} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Text fw={700}>Notifications</Text>
            {unread > 0 && (
              <Text size="xs" c="dimmed">
                {unread} unread
              </Text>
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
