import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A strip across the top of private pages that says what state the user is in (a status, so a
 * screen reader reads it): tinted with `color` at shade `shade`, edged below with its shade 3.
 */
export function StatusBanner({ color, shade, testId, children }: { color: string; shade: number; testId: string; children: ReactNode }) {
  return (
    <Paper
      radius={0}
      px="md"
      py={6}
      bg={`${color}.${shade}`}
      role="status"
      data-testid={testId}
      style={{ borderBottom: `1px solid var(--mantine-color-${color}-3)` }}
    >
      {children}
    </Paper>
  );
}
