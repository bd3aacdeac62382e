import { useQuery } from '@tanstack/react-query';
import { getTopAuthors } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

export const topAuthorsQueryOptions = (params: AnalyticParams, showAll: boolean) => opQuery(getTopAuthors, { query: { ...params, showAll } }, FIGURE);

/** Top authors by followers: 10, or all with 'Show All'. */
export const useTopAuthors = (params: AnalyticParams, showAll: boolean) => useQuery(topAuthorsQueryOptions(params, showAll));
