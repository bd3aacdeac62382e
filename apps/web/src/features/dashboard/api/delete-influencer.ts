import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteInfluencer as deleteInfluencerOp } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { influencersQueryOptions } from './get-influencers.ts';

export const deleteInfluencer = (id: number) => call(deleteInfluencerOp, { query: { id } });

export function useDeleteInfluencer(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInfluencer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: influencersQueryOptions(projectId).queryKey }),
  });
}
