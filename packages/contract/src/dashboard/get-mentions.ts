import { AnalyticQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { MentionSummaryList } from './model.ts';

export const getMentions = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/mentions/getall',
  summary: 'Mentions and AVE per stream, then the total (StreamId 0)',
  tags: ['dashboard'],
  access: 'user',
  query: AnalyticQuery,
  response: MentionSummaryList,
});
