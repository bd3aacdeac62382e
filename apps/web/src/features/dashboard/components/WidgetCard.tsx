// The dashboard widgets' frame and the loading, failed and empty states of their reads.
import { Skeleton } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { AnalysisCard } from '../../../project/components/AnalysisScreen.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';

/** The frame of every dashboard widget: an analysis card (title, a line under it, actions) and its content's height. */
export function WidgetCard({ minH, children, ...card }: Omit<ComponentProps<typeof AnalysisCard>, 'children'> & { children: ReactNode; minH?: number }) {
  return (
    <AnalysisCard {...card}>
      <div style={{ minHeight: minH, flex: 1 }}>{children}</div>
    </AnalysisCard>
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
