import { Anchor, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';
import { Brand } from '../../../ui/Brand.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';

/** The card every sign-in screen sits in: the brand, a title, a line of help, the form. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Paper withBorder shadow="md" radius="lg" p={36} w="100%" maw={420}>
      <Stack gap="lg">
        <Brand size="md" />
        <div>
          <Title order={2} fz={24}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm" mt={4}>
              {subtitle}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** A sign-in screen's form: its fields and buttons one under the other; the browser's own checks are off (the screen says what is wrong). */
export function AuthForm({ onSubmit, children }: { onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">{children}</Stack>
    </form>
  );
}

/** A sign-in screen's email field, focused when the screen opens; `onChange` is given the text. */
export function EmailField({
  value,
  onChange,
  label = 'Email',
  placeholder = 'you@company.com',
  autoComplete,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
  autoComplete?: string;
}) {
  return (
    <TextInput
      label={label}
      type="email"
      autoComplete={autoComplete}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      autoFocus
    />
  );
}

export function BackToLogin() {
  return (
    <Anchor component={Link} to="/login" size="sm" ta="center">
      Back to login
    </Anchor>
  );
}
