// The response queue's calls: the queue and the Response alert setting as reads of the operation
// layer, a mark and a saved setting as mutations that refresh them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getContacts, getResponseAlert, getResponseQueue, getSubscriptions, markResponse, saveResponseAlert, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateOp, useOp } from '../../../api/op-query.ts';

export type ResponseQueueInput = OperationInput<typeof getResponseQueue>['query'];
export type ResponseAlertInput = OperationInput<typeof saveResponseAlert>['body'];

export const useResponseQueue = (query: ResponseQueueInput) => useOp(getResponseQueue, { query }, { call: { quiet: true } });

export function useMarkResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OperationInput<typeof markResponse>['body']) => call(markResponse, { body }),
    onSuccess: () => invalidateOp(queryClient, getResponseQueue),
  });
}

export const useResponseAlert = (projectId: number) => useOp(getResponseAlert, { query: { projectId } }, { call: { quiet: true } });

/** The client's contacts, recipients to choose from (only active ones may be told). */
export const useClientContacts = (clientId: number) => useOp(getContacts, { query: { clientId } }, { staleTime: 60_000 });

/** Quiet: the form shows the server's message beside the fields. */
export function useSaveResponseAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResponseAlertInput) => call(saveResponseAlert, { body }, { quiet: true }),
    // The subscriptions screen lists the contacts' response alerts too.
    onSuccess: () => invalidateOp(queryClient, getResponseAlert, getSubscriptions),
  });
}
