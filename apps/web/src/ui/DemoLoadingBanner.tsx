// While a first start writes the demo corpus (newest day first, docs/operations.md "Health"), every
// private page says how far it is: the figures of the latest days are there, older ones fill in.
// Read from /healthz's 503 answer; once it answers 200 the banner goes and every screen's data is
// read again, now whole.
import { Group, Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getHealth, HealthStarting, type DemoProgress } from '@listening/contract';
import { ApiError, call } from '../api/client.ts';
import { opKey } from '../api/op-query.ts';
import { StatusBanner } from './StatusBanner.tsx';

/** Asked again this often while the corpus is written. */
const EVERY_MS = 5_000;

/** The corpus's progress while it is written; null once the server is ready, or when it says nothing of one. */
export async function demoProgress(): Promise<DemoProgress | null> {
  try {
    await call(getHealth, {}, { quiet: true });
    return null;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 503) return null;
    const starting = HealthStarting.safeParse(err.body);
    return starting.success ? (starting.data.demo ?? null) : null;
  }
}

export function useDemoProgress() {
  const progress = useQuery({
    // Not the operation's answer (a 503 is the progress), so an entry of its own.
    queryKey: opKey(getHealth, {}, 'demo-progress'),
    queryFn: demoProgress,
    refetchInterval: (q) => (q.state.data ? EVERY_MS : false),
  });
  const queryClient = useQueryClient();
  const loading = useRef(false);
  useEffect(() => {
    if (progress.data) loading.current = true;
    else if (loading.current && progress.isSuccess) {
      loading.current = false;
      // The older days are in now: what the screens read before them is read again.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== getHealth.path });
    }
  }, [progress.data, progress.isSuccess, queryClient]);
  return progress.data ?? null;
}

export function DemoLoadingBanner() {
  const progress = useDemoProgress();
  if (!progress) return null;
  return (
    <StatusBanner color="yellow" shade={0} testId="demo-loading-banner">
      <Group justify="center" gap={8} wrap="nowrap">
        <Loader size={14} aria-hidden />
        <Text size="sm">
          Demo data still loading: {progress.daysLoaded} of {progress.days} days. The latest days are in; older dates fill in as it goes.
        </Text>
      </Group>
    </StatusBanner>
  );
}
