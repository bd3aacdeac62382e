import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { influencersQueryOptions } from './get-influencers.ts';

export const deleteInfluencer = (id: number) => api.delete('influencer/delete', { query: { id } });

export function useDeleteInfluencer(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteInfluencer, onSuccess: () => queryClient.invalidateQueries({ queryKey: influencersQueryOptions(projectId).queryKey }) });
}
