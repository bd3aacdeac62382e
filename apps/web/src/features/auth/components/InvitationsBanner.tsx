import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReceivedInvitation } from '@listening/contract';
import { toast } from '../../../ui/toast.ts';
import { answerInvitation, useMyInvitations } from '../api/invitations.ts';

/** Every private page shows the signed-in user's open invitations, each with Accept and Decline. */
export function InvitationsBanner() {
  const { data } = useMyInvitations();
  if (!data?.length) return null;
  return (
    <Paper radius={0} px="md" py={6} bg="blue.0" data-testid="invitations-banner" style={{ borderBottom: '1px solid var(--mantine-color-blue-2)' }}>
      <Stack gap={6}>
        {data.map((i) => (
          <InvitationRow key={i.Id} invitation={i} />
        ))}
      </Stack>
    </Paper>
  );
}

function InvitationRow({ invitation }: { invitation: ReceivedInvitation }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  async function answer(accept: boolean) {
    setBusy(accept ? 'accept' : 'decline');
    try {
      const r = await answerInvitation(invitation.Id, accept);
      toast.success(r.Message);
      // The clients list, the projects and the invitations all change.
      await queryClient.invalidateQueries();
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(null);
    }
  }
  return (
    <Group justify="center" gap="sm" wrap="wrap">
      <Group gap={8} wrap="nowrap" align="flex-start">
        <IconMailOpened size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">
          {invitation.InvitedBy} invites you to become a contact of <b>{invitation.ClientName}</b>.
        </Text>
      </Group>
      <Group gap="xs">
        <Button size="compact-sm" variant="default" onClick={() => void answer(false)} loading={busy === 'decline'} disabled={busy !== null}>
          Decline
        </Button>
        <Button size="compact-sm" onClick={() => void answer(true)} loading={busy === 'accept'} disabled={busy !== null}>
          Accept
        </Button>
      </Group>
    </Group>
  );
}
