// The foot of a sub-bins form: why it was not done (when it was not), then Cancel and the form's own button.
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { DialogActions } from '../../../ui/DialogActions.tsx';

export function FormFooter({ error, errorTitle, onCancel, children }: { error: string | null; errorTitle: string; onCancel: () => void; children: ReactNode }) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" title={errorTitle}>
          {error}
        </Alert>
      )}
      <DialogActions onCancel={onCancel} gap="sm">
        {children}
      </DialogActions>
    </>
  );
}
