import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';

/** The frame of every dashboard widget: title, a line under it, actions, and its states. */
export function WidgetCard({
  title,
  subtitle,
  actions,
  children,
  testId,
  minH,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  minH?: number;
}) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid={testId} aria-label={title} component="section">
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: '1 1 200px' }}>
          <Title order={3} fz="md" fw={700}>
            {title}
          </Title>
          {subtitle && (
            <Text size="xs" c="dimmed">
              {subtitle}
            </Text>
          )}
        </Stack>
        {actions && (
          <Group gap="xs" wrap="nowrap">
            {actions}
          </Group>
        )}
      </Group>
      <div style={{ minHeight: minH, flex: 1 }}>{children}</div>
    </Card>
  );
}

/** Loading, failed and empty states of a widget's query, then its content. */
export function QueryState({
  query,
  isEmpty,
  empty,
  height = 240,
  children,
}: {
  query: { isPending: boolean; isError: boolean };
  isEmpty: boolean;
  empty: ReactNode;
  height?: number;
  children: ReactNode;
}) {
  if (query.isPending) return <Skeleton h={height} radius="md" />;
  if (query.isError) return <EmptyState title="This figure could not be loaded">Try again in a moment; the error was shown at the top right.</EmptyState>;
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}
