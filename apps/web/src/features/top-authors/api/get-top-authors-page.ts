import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getTopAuthorsPage } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

export interface PageRequest {
  sort: 'followers' | 'clips';
  page: number;
  pageSize: number;
}

export const topAuthorsPageQueryOptions = (params: AnalyticParams, p: PageRequest) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, getTopAuthorsPage.path, params, p],
    queryFn: () => call(getTopAuthorsPage, { query: { ...params, ...p } }),
  });

/** One page of the range's authors; the previous page stays on screen while the next loads. */
export const useTopAuthorsPage = (params: AnalyticParams, p: PageRequest) =>
  useQuery({ ...topAuthorsPageQueryOptions(params, p), placeholderData: keepPreviousData });
