import { AnalyticQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { SentimentRating } from './model.ts';

/** The Sentiment screen's figures in one call: headline totals, the breakdown pie and the daily lines. */
export const getSentimentRating = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/sentiment/rating',
  summary:
    'Sentiment Rating screen: totals against the previous period, breakdown by owned/earned/chatter, sentiment per bucket (Sentiment product; project types 1, 5, 6, 7)',
  tags: ['analysis'],
  access: 'user',
  query: AnalyticQuery,
  response: SentimentRating,
});
