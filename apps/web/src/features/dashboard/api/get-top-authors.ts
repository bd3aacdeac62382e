import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTopAuthors } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

export const topAuthorsQueryOptions = (params: AnalyticParams, showAll: boolean) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, getTopAuthors.path, params, showAll],
    queryFn: () => call(getTopAuthors, { query: { ...params, showAll } }),
  });

/** Top authors by followers: 10, or all with 'Show All'. */
export const useTopAuthors = (params: AnalyticParams, showAll: boolean) => useQuery(topAuthorsQueryOptions(params, showAll));
