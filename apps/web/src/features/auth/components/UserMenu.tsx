import { Avatar, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconBuilding, IconLayoutDashboard, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { APP_VERSION } from '@listening/contract';
import { clearToken } from '../../../api/client.ts';
import { useUser } from '../api/get-user.ts';
import { logout } from '../api/logout.ts';

function initials(name?: string, surname?: string): string {
  return `${name?.[0] ?? ''}${surname?.[0] ?? ''}`.toUpperCase() || '?';
}

/** The private header's user menu. `showClients`: the user has more than one client. */
export function UserMenu({ showClients }: { showClients: boolean }) {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function onLogout() {
    try {
      await logout();
    } catch {
      // The token is dropped here whatever the server answered.
    }
    clearToken();
    queryClient.clear();
    await navigate({ to: '/' });
  }

  const fullName = user ? `${user.Name} ${user.Surname}`.trim() : '';
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="User menu">
          <Group gap={8} wrap="nowrap">
            <Avatar radius="xl" color="blue" size={34}>
              {initials(user?.Name, user?.Surname)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm">
              {user?.Name ?? ''}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user?.Email}
          </Text>
          {user?.ActingAdminId ? (
            <Badge size="xs" color="orange" mt={4}>
              Acting as this contact
            </Badge>
          ) : null}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/dashboard" leftSection={<IconLayoutDashboard size={16} />}>
          Dashboard
        </Menu.Item>
        {user?.IsAdmin && (
          <Menu.Item component={Link} to="/admin" leftSection={<IconShieldLock size={16} />}>
            Admin
          </Menu.Item>
        )}
        {showClients && (
          <Menu.Item component={Link} to="/clients" leftSection={<IconBuilding size={16} />}>
            Clients
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/contact/notifications" leftSection={<IconBell size={16} />}>
          Notification Management
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void onLogout()}>
          Logout
        </Menu.Item>
        <Menu.Divider />
        <Text size="xs" c="dimmed" px="sm" py={4}>
          Version {APP_VERSION}
        </Text>
      </Menu.Dropdown>
    </Menu>
  );
}
