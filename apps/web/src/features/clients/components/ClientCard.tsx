import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { CardLink } from '../../../ui/links.tsx';
import type { Client } from '@listening/contract';

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'} radius="sm">
      {active ? 'Active' : 'In-Active'}
    </Badge>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

/** One client: name, id and status, opening the client's dashboard. */
export function ClientCard({ client }: { client: Client }) {
  return (
    <CardLink
      to="/client/$clientId/dashboard"
      params={{ clientId: String(client.Id) }}
      withBorder
      radius="md"
      padding="lg"
      className="hover-card"
      aria-label={`${client.Name}, client ${client.Id}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
          <Avatar radius="md" color={client.IsActive ? 'blue' : 'gray'} variant="light" size={44}>
            {initials(client.Name)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} lineClamp={2} lh={1.3}>
              {client.Name}
            </Text>
            <Text size="xs" c="dimmed">
              ID {client.Id}
            </Text>
          </Stack>
        </Group>
        <IconChevronRight size={18} color="var(--mantine-color-gray-5)" style={{ flexShrink: 0 }} />
      </Group>
      <Group mt="md">
        <ActiveBadge active={client.IsActive} />
      </Group>
    </CardLink>
  );
}
