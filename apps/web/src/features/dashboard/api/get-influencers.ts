import { useQuery } from '@tanstack/react-query';
import { getInfluencers } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

export const influencersQueryOptions = (projectId: number) => opQuery(getInfluencers, { query: { projectId } });

/** Influencer discovery: authors added from top authors, each for one year. */
export const useInfluencers = (projectId: number) => useQuery(influencersQueryOptions(projectId));
