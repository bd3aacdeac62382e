import { AnalyticQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { FollowerGrowth } from './model.ts';

/**
 * The specification's 'GET profile/followers/get with project id, dates, stream ids'. The lookback
 * is fixed: the 8 weeks ending on endDate (startDate is read, checked, and otherwise unused).
 */
export const getProfileFollowers = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/profile/followers/get',
  summary: "Follower Growth: the project's owned profiles' followers over the 8 weeks ending on endDate",
  tags: ['performance measurement'],
  access: 'user',
  query: AnalyticQuery,
  response: FollowerGrowth,
});
