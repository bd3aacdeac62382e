import { AnalyticQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { SentimentSummary } from './model.ts';

export const getSentimentSummary = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/sentiment/getall',
  summary: 'Sentiment summary: Owned, Earned, Chatter, All (Sentiment product)',
  tags: ['dashboard'],
  access: 'user',
  query: AnalyticQuery,
  response: SentimentSummary,
});
