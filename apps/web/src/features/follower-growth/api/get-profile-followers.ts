import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfileFollowers } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

export const profileFollowersQueryOptions = (params: AnalyticParams) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, getProfileFollowers.path, params],
    queryFn: () => call(getProfileFollowers, { query: params }),
  });

/** The owned profiles' followers over the 8 weeks ending on the filter's end day. */
export const useProfileFollowers = (params: AnalyticParams) => useQuery(profileFollowersQueryOptions(params));
