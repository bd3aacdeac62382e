import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restoreClips as restoreClipsOp, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateTag } from '../../../api/op-query.ts';

export const restoreClips = (body: OperationInput<typeof restoreClipsOp>['body']) => call(restoreClipsOp, { body });

/** Restored clips count in every figure again: every analytic query is refreshed. */
export function useRestoreClips() {
  const queryClient = useQueryClient();
  // Not awaited: the figures follow as they reload.
  return useMutation({ mutationFn: restoreClips, onSuccess: () => void invalidateTag(queryClient, 'analytics') });
}
