import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rateClips } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateTag } from '../../../api/op-query.ts';

/** Rates one post (the clip tray's operation): every figure and listing reloads. */
export function useRatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { projectId: number; id: number; favourabilityId: number }) =>
      call(rateClips, { body: { projectId: v.projectId, binClipBaseIds: [v.id], favourabilityId: v.favourabilityId } }),
    onSuccess: () => void invalidateTag(queryClient, 'analytics'),
  });
}
