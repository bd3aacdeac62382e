import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getClientRetention, updateClientRetention, type ClientRetention } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateOp, opQuery } from '../../../api/op-query.ts';

/** How long a run queued by a save is waited for on screen. */
const WATCH_MS = 120_000;

/** Whether the run a save at `savedAt` queued has yet to be seen finished. */
const awaitingRun = (r: ClientRetention | undefined, savedAt: number | null) =>
  savedAt !== null &&
  Date.now() - savedAt < WATCH_MS &&
  r?.MonthsKept !== null &&
  (!r?.LastRun || !r.LastRun.FinishedAt || Date.parse(r.LastRun.StartedAt) < savedAt - 5_000);

/**
 * How long the client's posts are kept and what the last run removed (admins only: the server
 * refuses others); read again every few seconds while the run a save queued (`savedAt`) is awaited.
 */
export const useClientRetention = (clientId: number, savedAt: number | null) =>
  useQuery({
    ...opQuery(getClientRetention, { params: { clientId } }),
    refetchInterval: (q) => (awaitingRun(q.state.data, savedAt) ? 3_000 : false),
  });

export function useUpdateRetention(clientId: number, onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (monthsKept: number | null) => call(updateClientRetention, { params: { clientId }, body: { MonthsKept: monthsKept } }),
    onSuccess: () => {
      onSaved();
      return invalidateOp(queryClient, getClientRetention);
    },
  });
}
