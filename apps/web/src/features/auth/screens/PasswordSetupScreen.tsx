import { Button, PasswordInput } from '@mantine/core';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { MESSAGES } from '@listening/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client.ts';
import { toast } from '../../../ui/toast.ts';
import { setPassword } from '../api/set-password.ts';
import { AuthCard, AuthForm, BackToLogin } from '../components/AuthCard.tsx';
import { tokenOfFragment } from '../link-token.ts';
import { REDIRECT_AFTER_MS } from './ForgotPasswordScreen.tsx';

/**
 * Password setup by the emailed link. The link carries its one-time token
 * in the fragment (`/password-setup/{id}#token=…`), which the browser never sends to a server;
 * links mailed before carried it in the query (`?token=…`, the route passes it as `token`). Either
 * way the token is read once and taken out of the address bar at once (history, screenshots,
 * a Referer to a later page).
 */
export function PasswordSetupScreen({ contactId, token: queryToken }: { contactId: number; token?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const legacyToken = queryToken || String((location.search as { token?: unknown }).token ?? '');
  const [token] = useState(() => tokenOfFragment(location.hash) || legacyToken);
  const inAddress = location.hash !== '' || legacyToken !== '';
  useEffect(() => {
    if (inAddress) void navigate({ to: '.', search: {}, hash: '', replace: true });
  }, [inAddress, navigate]);
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!password || !confirm || busy) return;
    if (password !== confirm) {
      toast.warning(MESSAGES.passwordsDoNotMatch);
      return;
    }
    setBusy(true);
    try {
      await setPassword({ IDUser: contactId, Token: token, Password: password, PasswordConfirm: confirm });
      toast.success(MESSAGES.passwordSet);
      timer.current = setTimeout(() => void navigate({ to: '/login' }), REDIRECT_AFTER_MS);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) toast.error(MESSAGES.userNotFoundForId);
      // Any other answer than 200 is reported in a success-styled toast, as the specification has it.
      else if (err instanceof ApiError && err.serverMessage) toast.success(err.serverMessage, MESSAGES.passwordSetFailed);
      else toast.success(MESSAGES.passwordSetFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="PASSWORD SETUP" subtitle="Choose a password of at least 8 characters.">
      <AuthForm onSubmit={onSubmit}>
        <PasswordInput label="Password" autoComplete="new-password" value={password} onChange={(e) => setPasswordValue(e.currentTarget.value)} autoFocus />
        <PasswordInput label="Confirm password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
        <Button type="submit" fullWidth size="md" disabled={!password || !confirm} loading={busy}>
          CONFIRM
        </Button>
        <BackToLogin />
      </AuthForm>
    </AuthCard>
  );
}
