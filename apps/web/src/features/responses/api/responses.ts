// The response queue's calls: the queue as a read of the operation layer, a mark as a mutation
// that refreshes it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getResponseQueue, markResponse, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateOp, useOp } from '../../../api/op-query.ts';

export type ResponseQueueInput = OperationInput<typeof getResponseQueue>['query'];

export const useResponseQueue = (query: ResponseQueueInput) => useOp(getResponseQueue, { query }, { call: { quiet: true } });

export function useMarkResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OperationInput<typeof markResponse>['body']) => call(markResponse, { body }),
    onSuccess: () => invalidateOp(queryClient, getResponseQueue),
  });
}
