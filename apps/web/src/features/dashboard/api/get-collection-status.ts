import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCollectionStatus } from '@listening/contract';
import { call } from '../../../api/client.ts';

/** How often an open dashboard asks again what collects its project (an account linked in another window shows up). */
export const COLLECTION_POLL_MS = 60_000;

export const collectionStatusQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: [getCollectionStatus.path, projectId],
    // Quiet: the figures are the screen; a failed look at what collects them is no reason for a toast.
    queryFn: () => call(getCollectionStatus, { query: { projectId } }, { quiet: true }),
    staleTime: 15_000,
    refetchInterval: COLLECTION_POLL_MS,
  });

/** What collects the project's streams, and what to configure where nothing does. */
export const useCollectionStatus = (projectId: number) => useQuery(collectionStatusQueryOptions(projectId));
