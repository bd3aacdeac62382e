// A list of the dialog, 10 rows a step: Load more adds a step, Show fewer steps back, and an end
// marker says everything is shown.
import { Button, Divider, Group, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { listView } from '../logic/paging.ts';

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
