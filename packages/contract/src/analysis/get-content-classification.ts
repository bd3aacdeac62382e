import { AnalyticQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { ContentClassification } from './model.ts';

export const getContentClassification = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/classification/getall',
  summary: 'Content classification: Owned, Earned, Chatter and Total against the previous period, and per bucket',
  tags: ['analysis'],
  access: 'user',
  query: AnalyticQuery,
  response: ContentClassification,
});
