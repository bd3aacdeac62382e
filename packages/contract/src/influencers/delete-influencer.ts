import { IdQuery, OkResponse } from '../common.ts';
import { defineOperation } from '../operation.ts';

export const deleteInfluencer = defineOperation({
  host: 'main',
  method: 'DELETE',
  path: '/api/influencer/delete',
  summary: 'Remove an influencer entry',
  tags: ['influencer discovery'],
  access: 'user',
  query: IdQuery,
  response: OkResponse,
});
