import { queryOptions, useQuery } from '@tanstack/react-query';
import { getInfluencers } from '@listening/contract';
import { call } from '../../../api/client.ts';

// The same key as every other reader of influencer discovery, so an addition shows everywhere.
export const influencersQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: [getInfluencers.path, projectId], queryFn: () => call(getInfluencers, { query: { projectId } }) });

/** The project's influencer entries: what the picker offers. */
export const useInfluencers = (projectId: number) => useQuery(influencersQueryOptions(projectId));
