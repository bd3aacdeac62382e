import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCollectionStatus } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

/** How often an open dashboard asks again what collects its project (an account linked in another window shows up). */
export const COLLECTION_POLL_MS = 60_000;

export const collectionStatusQueryOptions = (projectId: number) =>
  queryOptions({
    // Quiet: the figures are the screen; a failed look at what collects them is no reason for a toast.
    ...opQuery(getCollectionStatus, { query: { projectId } }, { staleTime: 15_000, call: { quiet: true } }),
    refetchInterval: COLLECTION_POLL_MS,
  });

/** What collects the project's streams, and what to configure where nothing does. */
export const useCollectionStatus = (projectId: number) => useQuery(collectionStatusQueryOptions(projectId));
