// The signed-in user's menu in the header: dashboard, admin, clients, notifications, logging out here or everywhere.
import { Avatar, Badge, Button, Group, Menu, Modal, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconBuilding, IconDevicesOff, IconLayoutDashboard, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { APP_VERSION } from '@listening/contract';
import { useState } from 'react';
import { clearToken } from '../../../api/client.ts';
import { toast } from '../../../ui/toast.ts';
import { useUser } from '../api/get-user.ts';
import { logout } from '../api/logout.ts';
import { logoutAll } from '../api/logout-all.ts';
import { DialogActions } from '../../../ui/DialogActions.tsx';

function initials(name?: string, surname?: string): string {
  return `${name?.[0] ?? ''}${surname?.[0] ?? ''}`.toUpperCase() || '?';
}

/** The private header's user menu. `showClients`: the user has more than one client. */
export function UserMenu({ showClients }: { showClients: boolean }) {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [askEverywhere, setAskEverywhere] = useState(false);
  const [endingAll, setEndingAll] = useState(false);
  // Inside a project, Notification Management opens that project's notification dialog at once.
  const { clientId, projectId } = useParams({ strict: false });
  const inProject = clientId && projectId && /^\d+$/.test(clientId) && /^\d+$/.test(projectId);

  async function signedOut() {
    clearToken();
    queryClient.clear();
    await navigate({ to: '/' });
  }

  async function onLogout() {
    try {
      await logout();
    } catch {
      // The token is dropped here whatever the server answered.
    }
    await signedOut();
  }

  /** 'Log out everywhere', once confirmed: every session ends; a failure leaves this one signed in (the client shows why). */
  async function onLogoutEverywhere() {
    setEndingAll(true);
    try {
      const { Revoked } = await logoutAll();
      toast.success(`Logged out of ${Revoked} session${Revoked === 1 ? '' : 's'} on every device`);
    } catch {
      setEndingAll(false);
      setAskEverywhere(false);
      return;
    }
    setAskEverywhere(false);
    await signedOut();
  }

  const fullName = user ? `${user.Name} ${user.Surname}`.trim() : '';
  return (
    <>
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
          <Menu.Item
            component={Link}
            to="/contact/notifications"
            onClick={(e: React.MouseEvent) => {
              if (!inProject) return;
              e.preventDefault();
              void navigate({ to: '/contact/notifications', search: { clientId: Number(clientId), projectId: Number(projectId) } });
            }}
            leftSection={<IconBell size={16} />}
          >
            Notification Management
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void onLogout()}>
            Logout
          </Menu.Item>
          {!user?.ActingAdminId && (
            <Menu.Item color="red" leftSection={<IconDevicesOff size={16} />} onClick={() => setAskEverywhere(true)}>
              Log out everywhere
            </Menu.Item>
          )}
          <Menu.Divider />
          <Text size="xs" c="dimmed" px="sm" py={4}>
            Version {APP_VERSION}
          </Text>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={askEverywhere} onClose={() => setAskEverywhere(false)} title="Log out everywhere?" centered radius="md">
        <Text size="sm">
          This ends every session of your account on every device, this one included. Anyone signed in as you, elsewhere, has to sign in again.
        </Text>
        <DialogActions onCancel={() => setAskEverywhere(false)} mt="lg" gap="sm">
          <Button color="red" loading={endingAll} onClick={() => void onLogoutEverywhere()}>
            Log out everywhere
          </Button>
        </DialogActions>
      </Modal>
    </>
  );
}
