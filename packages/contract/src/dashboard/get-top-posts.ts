import { z } from 'zod';
import { AnalyticQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { TOP_POSTS_PER_AUTHOR, TopPostList } from './model.ts';

export const TopPostsQuery = AnalyticQuery.safeExtend({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(50, 'limit is at most 50').default(10),
  /** Most posts of one author (account); as many as `limit` lifts the cap. */
  maxPerAuthor: z.coerce
    .number({ error: 'maxPerAuthor must be a number' })
    .int('maxPerAuthor must be a whole number')
    .min(1, 'maxPerAuthor must be at least 1')
    .max(50, 'maxPerAuthor is at most 50')
    .default(TOP_POSTS_PER_AUTHOR),
});

export const getTopPosts = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/topposts/getall',
  summary: 'Top posts: by impact, then engagement, then AVE, then the newest; at most 2 per author unless maxPerAuthor says more',
  tags: ['dashboard'],
  access: 'user',
  query: TopPostsQuery,
  response: TopPostList,
});
