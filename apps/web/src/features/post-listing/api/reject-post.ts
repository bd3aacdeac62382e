import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rejectClips } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateTag } from '../../../api/op-query.ts';

/** Rejects one post as Irrelevant (the clip tray's operation): it leaves the listing and every figure. */
export function useRejectPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { projectId: number; id: number }) => call(rejectClips, { body: { projectId: v.projectId, binClipBaseIds: [v.id] } }),
    onSuccess: () => void invalidateTag(queryClient, 'analytics'),
  });
}
