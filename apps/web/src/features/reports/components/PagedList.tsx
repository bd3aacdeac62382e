// A list of the dialog, 10 rows a step: Load more adds a step, Show fewer steps back, and an end
// marker says everything is shown; QueryList shows one read by a query, with its loading, error
// and empty states.
import { Alert, Button, Divider, Group, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { listView } from '../logic/paging.ts';

/** A list read by a query: a skeleton while it loads, its error, `empty` when it has no rows, else its rows a step at a time. */
export function QueryList<T>({
  query,
  empty,
  label,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: ReactNode;
  label: string;
  children: (row: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton h={120} />;
  if (query.isError)
    return (
      <Alert color="red" variant="light">
        {query.error.message}
      </Alert>
    );
  if (query.data.length === 0) return empty;
  return (
    <PagedList rows={query.data} label={label}>
      {children}
    </PagedList>
  );
}

export function PagedList<T>({ rows, children, label }: { rows: readonly T[]; children: (row: T) => ReactNode; label: string }) {
  const [steps, setSteps] = useState(1);
  const view = listView(rows, steps);
  return (
    <Stack gap="xs" aria-label={label} role="list">
      {view.rows.map(children)}
      {(view.canStepBack || view.canLoadMore) && (
        <Group justify="center" gap="xs">
          {view.canStepBack && (
            <Button variant="subtle" size="xs" onClick={() => setSteps(view.steps - 1)}>
              Show fewer
            </Button>
          )}
          {view.canLoadMore && (
            <Button variant="light" size="xs" onClick={() => setSteps(view.steps + 1)}>
              Load more ({view.total - view.rows.length} more)
            </Button>
          )}
        </Group>
      )}
      {view.atEnd && <Divider label={`End of list · ${view.total} shown`} labelPosition="center" data-testid="list-end" />}
    </Stack>
  );
}
