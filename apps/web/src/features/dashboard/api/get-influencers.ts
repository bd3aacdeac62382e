import { queryOptions, useQuery } from '@tanstack/react-query';
import { InfluencerList } from '@listening/contract';
import { api } from '../../../api/client.ts';

export const influencersQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: ['influencers', projectId], queryFn: () => api.get('influencer/getall', { query: { projectId }, schema: InfluencerList }) });

/** Influencer discovery: authors added from top authors, each for one year. */
export const useInfluencers = (projectId: number) => useQuery(influencersQueryOptions(projectId));
