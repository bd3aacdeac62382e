import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClipChangeResult } from '@listening/contract';
import { api } from '../../../api/client.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';

export const rejectClips = (body: { binClipBaseIds: number[]; projectId: number }) => api.put('clip/reject', body, { schema: ClipChangeResult });

/** Rejected (Irrelevant) clips leave the listing and every figure. */
export function useRejectClips() {
  const queryClient = useQueryClient();
  // Not awaited: the confirmation closes at once and the figures follow as they reload.
  return useMutation({ mutationFn: rejectClips, onSuccess: () => void queryClient.invalidateQueries({ queryKey: ANALYTICS_KEY }) });
}
