import { AnalyticQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { Heatmap } from './model.ts';

export const getHeatmap = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/heatmap/getall',
  summary: 'Hourly heatmap: 24 columns, a row per day, week or month',
  tags: ['dashboard'],
  access: 'user',
  query: AnalyticQuery,
  response: Heatmap,
});
