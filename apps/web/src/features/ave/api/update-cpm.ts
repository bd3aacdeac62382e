import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getAveSettings, updateCpm as updateCpmOp, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateOp, invalidateTag } from '../../../api/op-query.ts';

export type CpmChange = OperationInput<typeof updateCpmOp>['body'];

/** An admin's CPM change: the client's posts are revalued, so every figure is read again. */
export function useUpdateCpm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CpmChange) => call(updateCpmOp, { body }, { quiet: true }),
    onSuccess: () => Promise.all([invalidateOp(queryClient, getAveSettings), invalidateTag(queryClient, 'analytics')]),
  });
}
