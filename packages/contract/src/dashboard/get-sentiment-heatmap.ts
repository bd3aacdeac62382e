import { AnalyticQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { SentimentHeatmap } from './model.ts';

export const getSentimentHeatmap = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/heatmap/sentiment/getall',
  summary: 'Sentiment heatmap: favourability per hour (Sentiment product)',
  tags: ['dashboard'],
  access: 'user',
  query: AnalyticQuery,
  response: SentimentHeatmap,
});
