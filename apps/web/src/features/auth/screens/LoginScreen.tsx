// Signing in, on the login page or in place of a private page the visitor asked for.
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { clearToken, getToken, setToken } from '../../../api/client.ts';
import { userQueryOptions } from '../api/get-user.ts';
import { LOGIN_ERROR_TOAST, login } from '../api/login.ts';
import { logout } from '../api/logout.ts';
import { isLoginPath } from '../api/session.ts';
import { AuthCard, AuthForm, EmailField } from '../components/AuthCard.tsx';
import { toast } from '../../../ui/toast.ts';

/**
 * Login: on a login path it clears any session when opened and goes on to /clients;
 * shown in place of a private page, it stays on that page once signed in.
 */
export function LoginScreen() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const onLoginPath = isLoginPath(pathname);
  // Opening a login path while signed in asks first: stay, or sign out and sign in again.
  const [signedIn, setSignedIn] = useState(() => onLoginPath && !!getToken());

  useEffect(() => {
    if (!onLoginPath || signedIn) return;
    if (getToken()) void logout().catch(() => undefined);
    clearToken();
    queryClient.clear();
  }, [onLoginPath, signedIn, queryClient]);

  const canSubmit = email.trim() !== '' && password !== '' && !busy;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    try {
      const { access_token } = await login(email.trim(), password);
      queryClient.clear();
      setToken(access_token);
      await queryClient.fetchQuery(userQueryOptions());
      if (onLoginPath) await navigate({ to: '/clients' });
    } catch {
      // The API client has shown the error toast with the error text.
    } finally {
      setBusy(false);
    }
  }

  if (signedIn)
    return (
      <AuthCard title="You are already signed in" subtitle="Signing in here signs you out of this session first.">
        <Stack gap="md">
          <Button fullWidth size="md" onClick={() => void navigate({ to: '/clients' })}>
            Stay signed in
          </Button>
          <Button fullWidth size="md" variant="default" onClick={() => setSignedIn(false)}>
            Sign out and sign in again
          </Button>
        </Stack>
      </AuthCard>
    );

  return (
    <AuthCard title="Sign in" subtitle="Monitor mentions, sentiment and reach across every network.">
      <AuthForm onSubmit={onSubmit}>
        <EmailField
          autoComplete="username"
          value={email}
          onChange={(v) => {
            setEmail(v);
            toast.hide(LOGIN_ERROR_TOAST);
          }}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            toast.hide(LOGIN_ERROR_TOAST);
          }}
        />
        <Button type="submit" fullWidth size="md" disabled={!canSubmit} loading={busy}>
          LOGIN
        </Button>
        <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
          Forgot password?
        </Anchor>
        <Anchor component={Link} to="/" size="sm" ta="center" c="dimmed">
          Back to the website
        </Anchor>
      </AuthForm>
    </AuthCard>
  );
}
