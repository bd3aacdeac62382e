// The calls of the notification dialog and the subscriptions screen: reads as queries, changes as
// mutations that refresh both (a new alert to oneself is a new subscription).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteAlert,
  getAlerts,
  getClients,
  getContacts,
  getProjects,
  getSubscriptions,
  saveAlert,
  unsubscribeSubscription,
  type OperationInput,
} from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateOp, opQuery, useOp } from '../../../api/op-query.ts';

export type AlertBody = OperationInput<typeof saveAlert>['body'];

export const useAlerts = (projectId: number) => useQuery({ ...opQuery(getAlerts, { query: { projectId } }, { call: { quiet: true } }), retry: false });
export const useSubscriptions = () => useOp(getSubscriptions, {});
/** The client's contacts, recipients to choose from (only active ones may receive). */
export const useClientContacts = (clientId: number) => useOp(getContacts, { query: { clientId } }, { staleTime: 60_000 });
export const useMyClients = () => useOp(getClients, {}, { staleTime: 60_000 });
export const useClientProjects = (clientId: number | null) => useOp(getProjects, { query: { clientId: clientId ?? 0 } }, { enabled: clientId !== null });

function useAlertMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateOp(queryClient, getAlerts, getSubscriptions) });
}

export const useSaveAlert = () => useAlertMutation((body: AlertBody) => call(saveAlert, { body }));
export const useDeleteAlert = () => useAlertMutation((id: number) => call(deleteAlert, { params: { id } }));
/** Quiet: the screen answers a failure with the specification's own message. */
export const useUnsubscribe = () =>
  useAlertMutation((s: { reportId: number; reportType: number }) => call(unsubscribeSubscription, { query: s }, { quiet: true }));
