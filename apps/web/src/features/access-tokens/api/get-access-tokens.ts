// The project's access-token profiles: one cache entry per project, read by the modal and by the
// invalid-token prompt, refreshed by every change here and by a grant finished in another window.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { getAccessTokens, type OperationOutput } from '@listening/contract';
import { useEffect, useRef } from 'react';
import { call } from '../../../api/client.ts';
import { onGrant } from '../grant-channel.ts';

export type AccessTokenProfile = OperationOutput<typeof getAccessTokens>[number];

/** Every access-token read starts with this key, so one invalidation refreshes them all. */
export const ACCESS_TOKENS_KEY = 'access-tokens';

export const accessTokensQuery = (projectId: number) =>
  queryOptions({ queryKey: [ACCESS_TOKENS_KEY, 'list', projectId], queryFn: () => call(getAccessTokens, { query: { projectId } }) });

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
        void queryClient.invalidateQueries({ queryKey: [ACCESS_TOKENS_KEY] });
        after.current?.();
      }),
    [projectId, queryClient],
  );
}
