import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rateClips } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

/** Rates one post (the clip tray's operation): every figure and listing reloads. */
export function useRatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { projectId: number; id: number; favourabilityId: number }) =>
      call(rateClips, { body: { projectId: v.projectId, binClipBaseIds: [v.id], favourabilityId: v.favourabilityId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ANALYTICS_KEY }),
  });
}
