import { queryOptions, useQuery } from '@tanstack/react-query';
import { getInfluencers } from '@listening/contract';
import { call } from '../../../api/client.ts';

export const influencersQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: [getInfluencers.path, projectId], queryFn: () => call(getInfluencers, { query: { projectId } }) });

/** Influencer discovery: authors added from top authors, each for one year. */
export const useInfluencers = (projectId: number) => useQuery(influencersQueryOptions(projectId));
