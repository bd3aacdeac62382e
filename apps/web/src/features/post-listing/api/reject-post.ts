import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rejectClips } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

/** Rejects one post as Irrelevant (the clip tray's operation): it leaves the listing and every figure. */
export function useRejectPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { projectId: number; id: number }) => call(rejectClips, { body: { projectId: v.projectId, binClipBaseIds: [v.id] } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ANALYTICS_KEY }),
  });
}
