// One row of the dialog's lists: a title line with its badges, details below, actions at the end
// (they wrap under the text on a phone).
import { Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export function Row({ title, details, actions, ...data }: { title: ReactNode; details?: ReactNode; actions?: ReactNode; [data: `data-${string}`]: string }) {
  return (
    <Paper withBorder radius="md" p="sm" role="listitem" {...data}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
          {title}
          {details}
        </Stack>
        {actions && (
          <Group gap={6} wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
    </Paper>
  );
}
