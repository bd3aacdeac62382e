import { useQuery } from '@tanstack/react-query';
import { getInfluencers } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

// The same key as every other reader of influencer discovery, so an addition shows everywhere.
export const influencersQueryOptions = (projectId: number) => opQuery(getInfluencers, { query: { projectId } });

export const useInfluencers = (projectId: number) => useQuery(influencersQueryOptions(projectId));
