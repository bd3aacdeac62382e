// The foot of a sub-bins form: why it was not done (when it was not), then Cancel and the form's own button.
import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export function FormFooter({ error, errorTitle, onCancel, children }: { error: string | null; errorTitle: string; onCancel: () => void; children: ReactNode }) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" title={errorTitle}>
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        {children}
      </Group>
    </>
  );
}
