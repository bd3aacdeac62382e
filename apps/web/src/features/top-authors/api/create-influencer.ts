import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createInfluencer as createInfluencerOp, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { influencersQueryOptions } from './get-influencers.ts';

type NewInfluencer = OperationInput<typeof createInfluencerOp>['query'];

/** 'Add to influencer discovery' from a top author. */
export function useCreateInfluencer(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: NewInfluencer) => call(createInfluencerOp, { query }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: influencersQueryOptions(projectId).queryKey }),
  });
}
