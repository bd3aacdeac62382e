// Answering an emailed invitation to become a client's contact, signed in or by choosing a password.
import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { INVITATION_MESSAGES, MESSAGES, type OperationOutput, type openInvitation as OpenOp } from '@listening/contract';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError } from '../../../api/client.ts';
import { toast } from '../../../ui/toast.ts';
import { acceptInvitationWithPassword, answerInvitation, openInvitation } from '../api/invitations.ts';
import { useSessionToken } from '../api/session.ts';
import { useUser } from '../api/get-user.ts';
import { AuthCard, AuthForm } from '../components/AuthCard.tsx';
import { useLinkToken } from '../link-token.ts';

type Opened = OperationOutput<typeof OpenOp>;
const messageOf = (err: unknown) => (err instanceof ApiError && err.serverMessage) || INVITATION_MESSAGES.invalidLink;

/**
 * The page of an emailed invitation (`/invitation#token=…`; the token is taken out of the address
 * bar at once). An address with an account answers signed in as itself; one without a password
 * chooses one here, which makes the account and accepts.
 */
export function InvitationScreen() {
  const token = useLinkToken();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [error, setError] = useState<string | null>(token ? null : INVITATION_MESSAGES.invalidLink);
  useEffect(() => {
    if (!token) return;
    openInvitation(token).then(setOpened, (err: unknown) => setError(messageOf(err)));
  }, [token]);

  return (
    <AuthCard title="INVITATION" subtitle={opened ? `${opened.InvitedBy} invites ${opened.Email} to become a contact of ${opened.ClientName}.` : undefined}>
      {error ? (
        <Stack gap="md">
          <Alert color="red" role="alert">
            {error}
          </Alert>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Go to login
          </Anchor>
        </Stack>
      ) : !opened ? (
        <Loader mx="auto" />
      ) : opened.HasAccount ? (
        <SignedInAnswer invitation={opened} />
      ) : (
        <ChoosePassword invitation={opened} token={token} />
      )}
    </AuthCard>
  );
}

/** An address with an account: its owner answers signed in as themselves. */
function SignedInAnswer({ invitation }: { invitation: Opened }) {
  const session = useSessionToken();
  const { data: user } = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!session || !user)
    return (
      <Stack gap="md">
        <Text size="sm">Sign in as {invitation.Email} to accept or decline it: your open invitations are shown once you are signed in.</Text>
        <Button component={Link} to="/login" fullWidth size="md">
          SIGN IN
        </Button>
      </Stack>
    );
  if (user.Email.toLowerCase() !== invitation.Email.toLowerCase())
    return (
      <Alert color="yellow" role="alert">
        You are signed in as {user.Email}. {INVITATION_MESSAGES.notYours}: sign out and sign in as {invitation.Email} to answer it.
      </Alert>
    );
  async function answer(accept: boolean) {
    setBusy(true);
    try {
      const r = await answerInvitation(invitation.Id, accept);
      toast.success(r.Message);
      await queryClient.invalidateQueries();
      await navigate({ to: '/clients' });
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Group grow>
      <Button variant="default" onClick={() => void answer(false)} disabled={busy}>
        Decline
      </Button>
      <Button onClick={() => void answer(true)} loading={busy}>
        Accept
      </Button>
    </Group>
  );
}

/** An address without a password yet: choosing one accepts the invitation. */
function ChoosePassword({ invitation, token }: { invitation: Opened; token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // Typing again clears the last problem.
  const edit = (set: (value: string) => void) => (e: ChangeEvent<HTMLInputElement>) => {
    set(e.currentTarget.value);
    setProblem(null);
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm) {
      setProblem(MESSAGES.passwordsDoNotMatch);
      return;
    }
    setBusy(true);
    try {
      const r = await acceptInvitationWithPassword({ Token: token, Password: password, PasswordConfirm: confirm });
      toast.success(r.Message);
      await navigate({ to: '/login' });
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <AuthForm onSubmit={onSubmit}>
      <Text size="sm">Choose a password of at least 8 characters to accept. You then sign in as {invitation.Email}.</Text>
      <PasswordInput label="Password" autoComplete="new-password" value={password} onChange={edit(setPassword)} autoFocus />
      <PasswordInput label="Confirm password" autoComplete="new-password" value={confirm} onChange={edit(setConfirm)} />
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Button type="submit" fullWidth size="md" disabled={password.length < 8 || !confirm} loading={busy}>
        ACCEPT AND SET PASSWORD
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        Not for you? Ignore the invitation: nothing changes until it is accepted, and it expires on its own.
      </Text>
    </AuthForm>
  );
}
