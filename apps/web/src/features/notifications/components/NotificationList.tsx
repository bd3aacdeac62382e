// The bell's list of notifications and where each one leads when opened.
import { ActionIcon, Box, Group, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBellOff, IconTrash } from '@tabler/icons-react';
import { MESSAGES, type Notification } from '@listening/contract';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useFormatTime } from '../../../ui/time.ts';

dayjs.extend(relativeTime);

/**
 * Where a notification leads: the path of the app it names (a report's download page, a reaction
 * list, a tutorial, an admin screen), else its project's dashboard; null when it concerns nothing to open.
 */
export function opensTo(n: Notification): string | null {
  if (n.Link) return n.Link;
  if (n.ProjectId !== null && n.ClientId !== null) return `/client/${n.ClientId}/project/${n.ProjectId}`;
  return null;
}

/** What a click on the notification does, said to a screen reader after its text. */
export function opensLabel(n: Notification): string | null {
  const to = opensTo(n);
  if (!to) return null;
  if (/^\/report\/\d+\//.test(to)) return 'Download the report';
  if (to.startsWith('/mentor/')) return 'Open the tutorial';
  if (n.Link && n.ProjectName && /\/(reaction-list|crisis-monitoring)\//.test(n.Link)) return `Open the list in ${n.ProjectName}`;
  return `Open ${n.ProjectName ?? 'it'}`;
}

/**
 * The notifications panel: newest first, time relative to now, the first item styled as
 * unread (as the specification shows it) and every unseen one marked with a dot.
 */
export function NotificationList({
  notifications,
  onOpen,
  onDelete,
  now,
}: {
  notifications: Notification[];
  onOpen: (n: Notification) => void;
  onDelete: (n: Notification) => void;
  now?: Date;
}) {
  const time = useFormatTime();
  if (notifications.length === 0) {
    return (
      <Stack align="center" gap={6} py="lg">
        <IconBellOff size={28} color="var(--mantine-color-gray-5)" />
        <Text size="sm" c="dimmed">
          {MESSAGES.noNotifications}
        </Text>
      </Stack>
    );
  }
  const sorted = [...notifications].sort((a, b) => b.DateCreated.localeCompare(a.DateCreated));
  return (
    <ScrollArea.Autosize mah={380} type="auto" scrollbars="y">
      <Stack gap={0} component="ul" role="list" aria-label="Notifications" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {sorted.map((n, i) => {
          const unreadStyle = i === 0;
          return (
            <Box
              component="li"
              key={n.Id}
              data-unread={unreadStyle || undefined}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', background: unreadStyle ? 'var(--mantine-color-blue-0)' : undefined }}
            >
              <Group wrap="nowrap" gap={6} pr={6} align="flex-start">
                <UnstyledButton
                  onClick={() => onOpen(n)}
                  px="sm"
                  py={10}
                  style={{ flex: 1, minWidth: 0 }}
                  aria-label={opensLabel(n) ? `${n.Description} ${opensLabel(n)}` : undefined}
                >
                  <Group wrap="nowrap" gap={8} align="flex-start">
                    <Box
                      mt={6}
                      w={8}
                      h={8}
                      style={{ borderRadius: 8, flexShrink: 0, background: n.DateSeen ? 'transparent' : 'var(--mantine-color-blue-6)' }}
                      aria-label={n.DateSeen ? undefined : 'Unseen'}
                    />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={unreadStyle ? 700 : 400} style={{ wordBreak: 'break-word' }}>
                        {n.Description}
                      </Text>
                      {n.ProjectName && (
                        <Text size="xs" c="blue.7" truncate data-testid="notification-about">
                          {n.ClientName} · {n.ProjectName}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed" title={time(n.DateCreated)}>
                        {dayjs(n.DateCreated).from(now ?? new Date())}
                      </Text>
                    </div>
                  </Group>
                </UnstyledButton>
                <Tooltip label="Delete" withArrow>
                  <ActionIcon variant="subtle" color="gray" mt={8} aria-label={`Delete notification: ${n.Description}`} onClick={() => onDelete(n)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Box>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
