import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rateClips as rateClipsOp, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateTag } from '../../../api/op-query.ts';

export const rateClips = (body: OperationInput<typeof rateClipsOp>['body']) => call(rateClipsOp, { body });

/** Rating changes every figure the clips count in: every analytic query is refreshed. */
export function useRateClips() {
  const queryClient = useQueryClient();
  // Not awaited: the confirmation closes at once and the figures follow as they reload.
  return useMutation({ mutationFn: rateClips, onSuccess: () => void invalidateTag(queryClient, 'analytics') });
}
