import { AnalyticQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { DailyInsights } from './model.ts';

export const getDailyInsights = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/dailyinsights/getall',
  summary: 'Mentions per day, week or month, empty buckets included; by rating only with the Sentiment product',
  tags: ['dashboard'],
  access: 'user',
  query: AnalyticQuery,
  response: DailyInsights,
});
