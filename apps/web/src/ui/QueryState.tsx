import { Alert, Group, Loader } from '@mantine/core';

/** What a screen shows while a query has no data: a loader, or its error under the given title. */
export function QueryState({ query, errorTitle }: { query: { isError: boolean; error: Error | null }; errorTitle: string }) {
  return query.isError ? (
    <Alert color="red" title={errorTitle}>
      {query.error?.message}
    </Alert>
  ) : (
    <Group justify="center" py="xl">
      <Loader />
    </Group>
  );
}
