import { queryOptions, useQuery } from '@tanstack/react-query';
import { TopAuthorList } from '@listening/contract';
import { api } from '../../../api/client.ts';
import type { AnalyticParams } from '../../project-shell/filter.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';

export const topAuthorsQueryOptions = (params: AnalyticParams, showAll: boolean) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, 'topauthors', params, showAll],
    queryFn: () => api.get('topauthors', { query: { ...params, showAll }, schema: TopAuthorList }),
  });

/** Top authors by followers: 10, or all with 'Show All' (000 §9). */
export const useTopAuthors = (params: AnalyticParams, showAll: boolean) => useQuery(topAuthorsQueryOptions(params, showAll));
