import { z } from 'zod';
import { AnalyticQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { TopPostList } from './model.ts';

export const TopPostsQuery = AnalyticQuery.safeExtend({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(50, 'limit is at most 50').default(10),
});

export const getTopPosts = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/topposts/getall',
  summary: 'Posts with the highest impact score',
  tags: ['dashboard'],
  access: 'user',
  query: TopPostsQuery,
  response: TopPostList,
});
