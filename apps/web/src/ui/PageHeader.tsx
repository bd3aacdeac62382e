import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title row of a screen: title, an optional line under it, actions on the right. */
export function PageHeader({ title, subtitle, actions, above }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; above?: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      {above}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2} fw={700}>
            {title}
          </Title>
          {subtitle && (
            <Text component="div" c="dimmed" size="sm" mt={2}>
              {subtitle}
            </Text>
          )}
        </div>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
