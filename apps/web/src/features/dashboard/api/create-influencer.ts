import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { influencersQueryOptions } from './get-influencers.ts';

export interface NewInfluencer {
  projectId: number;
  authorId: number;
  authorName: string;
  streamId: number;
}

export const createInfluencer = (q: NewInfluencer) => api.post('influencer/create', undefined, { query: { ...q } });

/** 'Add to influencer discovery' from the top authors. */
export function useCreateInfluencer(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createInfluencer, onSuccess: () => queryClient.invalidateQueries({ queryKey: influencersQueryOptions(projectId).queryKey }) });
}
