import { Button } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { MESSAGES } from '@listening/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../ui/toast.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import { AuthCard, AuthForm, BackToLogin, EmailField } from '../components/AuthCard.tsx';

export const REDIRECT_AFTER_MS = 3000;

/** Forgot password. */
export function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    if (!address) {
      toast.warning(MESSAGES.emailEmpty);
      return;
    }
    setBusy(true);
    try {
      const result = await forgotPassword(address);
      if (!result?.ok) {
        toast.error(MESSAGES.forgotFailed(address));
        return;
      }
      toast.success(MESSAGES.forgotSent(address));
      setEmail('');
      timer.current = setTimeout(() => void navigate({ to: '/login' }), REDIRECT_AFTER_MS);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : MESSAGES.forgotFailed(address));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Forgot password" subtitle="Enter your email address and we will send you a link to set a new password.">
      <AuthForm onSubmit={onSubmit}>
        <EmailField autoComplete="email" value={email} onChange={setEmail} />
        <Button type="submit" fullWidth size="md" loading={busy}>
          SUBMIT
        </Button>
        <BackToLogin />
      </AuthForm>
    </AuthCard>
  );
}
