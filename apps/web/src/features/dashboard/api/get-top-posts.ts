import { queryOptions, useQuery } from '@tanstack/react-query';
import { TopPostList } from '@listening/contract';
import { api } from '../../../api/client.ts';
import type { AnalyticParams } from '../../project-shell/filter.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';

export const topPostsQueryOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, 'topposts/getall', params], queryFn: () => api.get('topposts/getall', { query: { ...params }, schema: TopPostList }) });

/** The project's top posts of the range. */
export const useTopPosts = (params: AnalyticParams) => useQuery(topPostsQueryOptions(params));
