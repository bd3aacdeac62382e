import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { unsubscribe } from '../api/unsubscribe.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { useLinkToken } from '../link-token.ts';

/**
 * The unsubscribe link of every mail: reports, reaction and crisis lists, alerts (`/unsubscribe#token=…`). The token rides in the
 * fragment, which no server sees, and is taken out of the address bar at once; nothing happens
 * until the reader presses the button (mail scanners open links, they do not press buttons).
 */
export function UnsubscribeScreen() {
  const token = useLinkToken();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ Name: string; NotificationTypeName: string; Email: string } | null>(null);
  const [error, setError] = useState<string | null>(token ? null : 'This unsubscribe link is not valid');

  async function onConfirm() {
    setBusy(true);
    try {
      setDone(await unsubscribe(token));
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Could not unsubscribe; try the link again later');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Unsubscribe" subtitle="Stop receiving a report, list or alert by e-mail.">
      <Stack gap="md">
        {done ? (
          <Alert color="green" title="Unsubscribed">
            {done.Email} no longer receives the {done.NotificationTypeName.toLowerCase()} "{done.Name}".
          </Alert>
        ) : error ? (
          <Alert color="red">{error}</Alert>
        ) : (
          <>
            <Text size="sm">Press the button to stop receiving these e-mails. Their other recipients keep receiving them.</Text>
            <Button onClick={() => void onConfirm()} loading={busy} fullWidth>
              UNSUBSCRIBE
            </Button>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
