import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTopPosts } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

export const topPostsQueryOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, getTopPosts.path, params], queryFn: () => call(getTopPosts, { query: params }) });

/** The project's top posts of the range. */
export const useTopPosts = (params: AnalyticParams) => useQuery(topPostsQueryOptions(params));
