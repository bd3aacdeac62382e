import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClipChangeResult } from '@listening/contract';
import { api } from '../../../api/client.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';

export const rateClips = (body: { binClipBaseIds: number[]; favourabilityId: number; projectId: number }) =>
  api.put('clip/favourability/update', body, { schema: ClipChangeResult });

/** Rating changes every figure the clips count in: every analytic query is refreshed. */
export function useRateClips() {
  const queryClient = useQueryClient();
  // Not awaited: the confirmation closes at once and the figures follow as they reload.
  return useMutation({ mutationFn: rateClips, onSuccess: () => void queryClient.invalidateQueries({ queryKey: ANALYTICS_KEY }) });
}
