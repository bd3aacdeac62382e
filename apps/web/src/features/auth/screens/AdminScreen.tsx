// The admins' screen: act as a contact by email, and the way to the outbox, audit, collection and jobs screens.
import { Anchor, Button, Stack } from '@mantine/core';
import { IconClockPlay, IconCloudDownload, IconListDetails, IconMail, IconMoodSmile } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { MESSAGES, isSimpleEmail } from '@listening/contract';
import { useState, type FormEvent } from 'react';
import { ApiError, setToken } from '../../../api/client.ts';
import { toast } from '../../../ui/toast.ts';
import { getContactIdByEmail, loginAsContact } from '../api/act-as.ts';
import { userQueryOptions } from '../api/get-user.ts';
import { AuthCard, AuthForm, EmailField } from '../components/AuthCard.tsx';

/** Admin act-as. */
/** The key of act-as's one problem toast: each try replaces it, and signing in takes it away. */
const ACT_AS_PROBLEM = 'act-as-problem';

export function AdminScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    if (!isSimpleEmail(address)) {
      toast.warning(MESSAGES.actAsInvalidEmail, undefined, ACT_AS_PROBLEM);
      setEmail('');
      return;
    }
    setBusy(true);
    try {
      let id: number | undefined;
      try {
        id = (await getContactIdByEmail(address))?.Id;
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      }
      if (!id) {
        toast.warning(MESSAGES.actAsUserNotFound, undefined, ACT_AS_PROBLEM);
        return;
      }
      let token: string | undefined;
      try {
        token = (await loginAsContact(id))?.access_token;
      } catch {
        token = undefined;
      }
      if (!token) {
        toast.warning(MESSAGES.actAsCouldNotLogin, undefined, ACT_AS_PROBLEM);
        return;
      }
      // Signed in as the contact: the complaint about an earlier try no longer holds.
      toast.hide(ACT_AS_PROBLEM);
      queryClient.clear();
      setToken(token);
      await queryClient.fetchQuery(userQueryOptions());
      await navigate({ to: '/' });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err), undefined, ACT_AS_PROBLEM);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Admin"
      subtitle="Sign in as one of your contacts (not another admin) to see the product as they see it, for at most four hours. While you act as them a banner says so, with the way back to your own session. Every act-as is kept in the audit log."
    >
      <AuthForm onSubmit={onSubmit}>
        <EmailField label="Act as contact email" placeholder="contact@company.com" value={email} onChange={setEmail} />
        <Button type="submit" fullWidth size="md" disabled={!email.trim()} loading={busy}>
          LOGIN
        </Button>
        <Anchor component={Link} to="/admin/outbox" size="sm" ta="center">
          <IconMail size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
          Outbox: mail kept when no SMTP server is configured
        </Anchor>
        <Anchor component={Link} to="/admin/audit" size="sm" ta="center">
          <IconListDetails size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
          Audit log: act-as, project changes, clip rejects
        </Anchor>
        <Anchor component={Link} to="/admin/collection" size="sm" ta="center">
          <IconCloudDownload size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
          Collection: what each network's connectors collected and skipped
        </Anchor>
        <Anchor component={Link} to="/admin/jobs" size="sm" ta="center">
          <IconClockPlay size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
          Jobs: digests, alerts and scheduled work, with failures
        </Anchor>
        <Anchor component={Link} to="/admin/sentiment" size="sm" ta="center">
          <IconMoodSmile size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
          Sentiment models: each client's ratings and adaptations
        </Anchor>
        <Anchor component={Link} to="/clients" size="sm" ta="center" c="dimmed">
          Back to clients
        </Anchor>
      </AuthForm>
    </AuthCard>
  );
}

/**
 * /admin for a signed-in user who is not an administrator (an act-as session included): the act-as
 * form and the admin screens' links are not offered, since the server refuses them; the way back
 * is.
 */
export function NotAdminScreen({ email, acting }: { email?: string; acting?: boolean }) {
  return (
    <AuthCard
      title="Admin"
      subtitle={
        acting
          ? 'This screen is for administrators. You are acting as a contact: go back to your own session first (the banner at the top of the app).'
          : `This screen is for administrators only${email ? `, and ${email} is not one` : ''}. Ask an administrator if you need something done here.`
      }
    >
      <Stack gap="md" data-testid="not-admin">
        <Button component={Link} to="/" fullWidth size="md">
          Back to your clients
        </Button>
      </Stack>
    </AuthCard>
  );
}
