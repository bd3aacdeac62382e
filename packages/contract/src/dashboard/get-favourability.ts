import { AnalyticQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { FavourabilityList } from './model.ts';

export const getFavourability = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/favourability/getall',
  summary: 'Favourability donut: Positive, Neutral, Negative (Sentiment product)',
  tags: ['dashboard'],
  access: 'user',
  query: AnalyticQuery,
  response: FavourabilityList,
});
