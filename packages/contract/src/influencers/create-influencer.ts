import { defineOperation } from '../operation.ts';
import { Influencer, InfluencerCreateQuery } from './model.ts';

/** A POST whose input is its query string, as the specification has it. */
export const createInfluencer = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/influencer/create',
  summary: 'Add an author to influencer discovery',
  tags: ['influencer discovery'],
  access: 'user',
  query: InfluencerCreateQuery,
  response: Influencer,
});
