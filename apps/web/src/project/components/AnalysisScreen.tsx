// The frame of every analysis screen (Sentiment, Content classification, Competitor
// tracking, Follower Growth, Top authors, Influencer comparison, Deep dive, Tree view). The project
// shell above it already shows the project's name and type and the Filter (its range defaults to
// yesterday 00:00 to now on these screens: screen-filter.ts); this adds the screen's title, its
// product lock and project types (the side menu's rules, which the server enforces too), and one
// look for cards and their loading, failed and empty states.
//
// API:
//   <AnalysisScreen screen="sentiment" title="Sentiment" actions={…}>
//     <AnalysisGrid>                       a responsive grid of cards (Mantine Grid)
//       <Grid.Col span={{ base: 12, lg: 6 }}>
//         <AnalysisCard title="Breakdown" subtitle="…" testId="…">
//           <AnalysisQuery query={q} isEmpty={…} empty={<NoData />}>chart</AnalysisQuery>
//   screen       the screen's key in the contract's catalogue (screens.ts): its product gate (when
//                locked, the lock panel shows instead of the children) and its project types (other
//                types see a notice instead), the side menu's and the server's rules alike
//   AnalysisQuery a query's states: skeleton, the server's message on failure, `empty`, then children
//   NoData        the empty state of a figure over the filter's range and streams
//   ChartBox      a fixed-height box for a chart, so that cards line up
import { Card, Container, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { screenFor, screenShown, type ScreenKey } from '@listening/contract';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useProjectContext } from '../context.ts';
import { LockedPanel, useLockedProduct } from './LockedPanel.tsx';

export interface AnalysisScreenProps {
  title: string;
  /** A line under the title (what the screen shows). */
  subtitle?: ReactNode;
  /** The screen in the contract's catalogue: its product gate and the project types that see it. */
  screen: ScreenKey;
  /** Controls at the title's right (a toggle, a Compare button). */
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
}

export function AnalysisScreen({ screen, title, subtitle, actions, testId, children }: AnalysisScreenProps) {
  const { project } = useProjectContext();
  const { gate, projectTypes } = screenFor(screen);
  const locked = useLockedProduct(gate);
  const wrongType = !screenShown(screen, project.ProjectTypeId);
  return (
    <Container size={1480} px={{ base: 'md', md: 'xl' }} py="lg" data-testid={testId}>
      <PageHeader title={title} subtitle={subtitle} actions={!locked && !wrongType && actions} />
      {locked ? (
        <Card withBorder radius="md" padding="lg">
          <LockedPanel product={locked} screen />
        </Card>
      ) : wrongType ? (
        <Card withBorder radius="md" padding="lg">
          <EmptyState title={`${title} is not part of this project's tools`}>
            {`It is shown for project types ${projectTypes === 'all' ? 'all' : projectTypes.join(', ')}; this project is of type ${project.ProjectTypeId} (${project.ProjectType}).`}
          </EmptyState>
        </Card>
      ) : (
        children
      )}
    </Container>
  );
}

/** The grid of an analysis screen's cards; place each in a <Grid.Col span={…}>. */
export function AnalysisGrid({ children }: { children: ReactNode }) {
  return <Grid gutter="md">{children}</Grid>;
}

/** One card of an analysis screen: a title, a line under it, actions, and its content. */
export function AnalysisCard({
  title,
  subtitle,
  actions,
  testId,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid={testId} aria-label={title} component="section">
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: '1 1 200px' }}>
          <Title order={3} fz="md" fw={700}>
            {title}
          </Title>
          {subtitle && (
            <Text size="xs" c="dimmed" component="div">
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
      {children}
    </Card>
  );
}

/** Loading, failed (with the server's own message) and empty states of a card's query, then its content. */
export function AnalysisQuery({
  query,
  isEmpty,
  empty,
  height = 280,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error?: unknown };
  isEmpty: boolean;
  empty?: ReactNode;
  height?: number;
  children: ReactNode;
}) {
  if (query.isPending) return <Skeleton h={height} radius="md" data-testid="analysis-loading" />;
  if (query.isError)
    return (
      <EmptyState title="This figure could not be loaded">
        {query.error instanceof ApiError && query.error.serverMessage
          ? query.error.serverMessage
          : 'Try again in a moment; the error was shown at the top right.'}
      </EmptyState>
    );
  if (isEmpty) return <>{empty ?? <NoData />}</>;
  return <>{children}</>;
}

/** The empty state of a figure: nothing in the filter's range and streams. */
export function NoData({ what = 'posts' }: { what?: string }) {
  return (
    <EmptyState title={`No ${what} in this range`}>
      Nothing was posted on the chosen streams between these dates. Choose a longer range or other streams in the Filter.
    </EmptyState>
  );
}

/** A chart's box of a fixed height, so that cards in a row line up. */
export function ChartBox({ height = 300, children }: { height?: number; children: ReactNode }) {
  return <div style={{ height, minWidth: 0 }}>{children}</div>;
}
