import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './page-title.ts';

/** The title row of a screen: title (smaller on a phone), an optional line under it, actions on the right. */
export function PageHeader({
  title,
  subtitle,
  actions,
  above,
  tabTitle,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  above?: ReactNode;
  /** The browser tab's title, when the title is not plain text or needs its context. */
  tabTitle?: string;
}) {
  usePageTitle(tabTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <Stack gap={4} mb="lg">
      {above}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2} fz={{ base: 20, md: 26 }} fw={700}>
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
