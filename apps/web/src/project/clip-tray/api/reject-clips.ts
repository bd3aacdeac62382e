import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rejectClips as rejectClipsOp, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateTag } from '../../../api/op-query.ts';

export const rejectClips = (body: OperationInput<typeof rejectClipsOp>['body']) => call(rejectClipsOp, { body });

/** Rejected (Irrelevant) clips leave the listing and every figure. */
export function useRejectClips() {
  const queryClient = useQueryClient();
  // Not awaited: the confirmation closes at once and the figures follow as they reload.
  return useMutation({ mutationFn: rejectClips, onSuccess: () => void invalidateTag(queryClient, 'analytics') });
}
