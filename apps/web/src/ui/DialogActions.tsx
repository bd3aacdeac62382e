// The foot of a dialog: Cancel, then the dialog's own button(s), at the right.
import { Button, Group, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

export function DialogActions({ onCancel, children, ...group }: { onCancel: () => void; children: ReactNode } & Omit<GroupProps, 'justify' | 'children'>) {
  return (
    <Group justify="flex-end" {...group}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      {children}
    </Group>
  );
}
