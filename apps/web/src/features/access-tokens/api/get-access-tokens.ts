// The project's access-token profiles: one cache entry per project, read by the modal and by the
// invalid-token prompt, refreshed by every change here and by a grant finished in another window.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getAccessTokens, getLinkableNetworks, startGrant, type OperationOutput } from '@listening/contract';
import { useEffect, useRef } from 'react';
import { invalidateOp, opQuery } from '../../../api/op-query.ts';
import { onGrant } from '../grant-channel.ts';

export type AccessTokenProfile = OperationOutput<typeof getAccessTokens>[number];

/** Refreshes every access-token read: the profiles, the linkable networks and a grant's address. */
export const invalidateAccessTokens = (queryClient: QueryClient) => invalidateOp(queryClient, getAccessTokens, getLinkableNetworks, startGrant);

export const accessTokensQuery = (projectId: number) => opQuery(getAccessTokens, { query: { projectId } });

/** While the modal is open the list keeps itself current. */
const LIVE_REFRESH_MS = 10_000;

/**
 * `live`, while the modal is open: the list is read afresh on opening, when the tab is shown
 * again, and every 10 seconds. A grant in this browser refreshes it at once (useGrantRefresh); a
 * client granting through the admin's link does so in another browser, which nothing announces.
 */
export const useAccessTokens = (projectId: number, { enabled = true, live = false }: { enabled?: boolean; live?: boolean } = {}) =>
  useQuery({
    ...accessTokensQuery(projectId),
    enabled,
    ...(live ? { staleTime: 0, refetchOnWindowFocus: true, refetchInterval: LIVE_REFRESH_MS } : {}),
  });

/** Refreshes the project's profiles when a grant finishes in another window, then calls `then`. */
export function useGrantRefresh(projectId: number, then?: () => void): void {
  const queryClient = useQueryClient();
  const after = useRef(then);
  after.current = then;
  useEffect(
    () =>
      onGrant((event) => {
        if (event.projectId !== null && event.projectId !== projectId) return;
        void invalidateAccessTokens(queryClient);
        after.current?.();
      }),
    [projectId, queryClient],
  );
}
