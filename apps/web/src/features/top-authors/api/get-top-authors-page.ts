import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getTopAuthorsPage } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

export interface PageRequest {
  sort: 'followers' | 'clips';
  page: number;
  pageSize: number;
}

export const topAuthorsPageQueryOptions = (params: AnalyticParams, p: PageRequest) => opQuery(getTopAuthorsPage, { query: { ...params, ...p } }, FIGURE);

/** One page of the range's authors; the previous page stays on screen while the next loads. */
export const useTopAuthorsPage = (params: AnalyticParams, p: PageRequest) =>
  useQuery({ ...topAuthorsPageQueryOptions(params, p), placeholderData: keepPreviousData });
