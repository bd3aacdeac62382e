import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EMAIL_CHANGE_MESSAGES } from '@listening/contract';
import { useState } from 'react';
import { ApiError, clearToken } from '../../../api/client.ts';
import { confirmEmailChange } from '../api/invitations.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { useLinkToken } from '../link-token.ts';

/**
 * The page of the links of an email change (`/email-change#token=…`): first the one mailed to the
 * account's old address, then the one mailed to the new address. Nothing happens until Confirm is
 * pressed (a mail scanner that opens a link confirms nothing); the change, once made, ends every
 * session of the account.
 */
export function EmailChangeScreen() {
  const token = useLinkToken();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : EMAIL_CHANGE_MESSAGES.invalidLink);

  async function confirm() {
    setBusy(true);
    try {
      const r = await confirmEmailChange(token);
      // Made: every session of the account has ended, this browser's too.
      if (r.Changed) clearToken();
      setDone(r.Message);
    } catch (err) {
      setError((err instanceof ApiError && err.serverMessage) || EMAIL_CHANGE_MESSAGES.invalidLink);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="CONFIRM YOUR NEW EMAIL"
      subtitle="A contact manager asked to change the email you sign in with. Both the old and the new address confirm it."
    >
      <Stack gap="md">
        {done ? (
          <Alert color="teal" role="status">
            {done}
          </Alert>
        ) : error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : (
          <>
            <Text size="sm">
              Confirm to move your account to the new email. Once both addresses have confirmed, every session of your account ends, on every device.
            </Text>
            <Button fullWidth size="md" onClick={() => void confirm()} loading={busy}>
              CONFIRM THE NEW EMAIL
            </Button>
            <Text size="xs" c="dimmed" ta="center">
              Not expected? Close this page: your email stays as it is.
            </Text>
          </>
        )}
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Go to login
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
