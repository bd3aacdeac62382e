import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adaptClientSentiment, getClientSentimentModels, getUser, stopClientSentimentModel } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateOp, useOp } from '../../../api/op-query.ts';

/** Whether the signed-in user is an admin (the session's cached user: no request once the shell loaded it). */
export const useIsAdmin = () => !!useOp(getUser, { query: {} }, { staleTime: 5 * 60_000 }).data?.IsAdmin;

/** Each client's ratings and sentiment model (admins only, on the server), read when the screen opens. */
export const useClientModels = (enabled: boolean) => useOp(getClientSentimentModels, {}, { enabled });

/** "Adapt now": queues the client's adaptation at once; the list refreshes. */
export function useAdaptNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: number) => call(adaptClientSentiment, { body: { ClientId: clientId } }),
    onSuccess: () => void invalidateOp(queryClient, getClientSentimentModels),
  });
}

/** "Stop using": the client's adaptation in use is no longer used and its posts go back to the shipped model; the list refreshes. */
export function useStopModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: number) => call(stopClientSentimentModel, { body: { ClientId: clientId } }),
    onSuccess: () => void invalidateOp(queryClient, getClientSentimentModels),
  });
}
