import { useQuery } from '@tanstack/react-query';
import { getTopPosts } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

export const topPostsQueryOptions = (params: AnalyticParams) => opQuery(getTopPosts, { query: params }, FIGURE);

/** The project's top posts of the range. */
export const useTopPosts = (params: AnalyticParams) => useQuery(topPostsQueryOptions(params));
