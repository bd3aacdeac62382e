import { Button, Group, Text } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { setToken } from '../../../api/client.ts';
import { StatusBanner } from '../../../ui/StatusBanner.tsx';
import { endActAsSession } from '../api/act-as.ts';
import { useUser, userQueryOptions } from '../api/get-user.ts';

/**
 * While an admin acts as a contact, every private page says so, naming the contact, with the
 * way back to the admin's own session (the act-as session ends; the admin returns to Admin).
 */
export function ActAsBanner() {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!user || user.ActingAdminId === null) return null;

  async function back() {
    setBusy(true);
    try {
      const { access_token } = await endActAsSession();
      queryClient.clear();
      setToken(access_token);
      await queryClient.fetchQuery(userQueryOptions());
      await navigate({ to: '/admin' });
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(false);
    }
  }

  const name = `${user.Name} ${user.Surname}`.trim() || user.Email;
  return (
    <StatusBanner color="orange" shade={1} testId="act-as-banner">
      <Group justify="center" gap="sm" wrap="wrap">
        <Group gap={8} wrap="nowrap" align="flex-start">
          <IconUserShield size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            You are acting as <b>{name}</b> ({user.Email}). What you do is recorded as done by you on their behalf.
          </Text>
        </Group>
        <Button size="compact-sm" variant="white" color="orange" onClick={back} loading={busy}>
          Back to my own session
        </Button>
      </Group>
    </StatusBanner>
  );
}
