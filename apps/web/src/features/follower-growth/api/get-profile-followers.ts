import { useQuery } from '@tanstack/react-query';
import { getProfileFollowers } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

export const profileFollowersQueryOptions = (params: AnalyticParams) => opQuery(getProfileFollowers, { query: params }, FIGURE);

/** The owned profiles' followers over the 8 weeks ending on the filter's end day. */
export const useProfileFollowers = (params: AnalyticParams) => useQuery(profileFollowersQueryOptions(params));
