import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createInfluencer as createInfluencerOp, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { influencersQueryOptions } from './get-influencers.ts';

export type NewInfluencer = OperationInput<typeof createInfluencerOp>['query'];

export const createInfluencer = (query: NewInfluencer) => call(createInfluencerOp, { query });

/** 'Add to influencer discovery' from the top authors. */
export function useCreateInfluencer(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInfluencer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: influencersQueryOptions(projectId).queryKey }),
  });
}
