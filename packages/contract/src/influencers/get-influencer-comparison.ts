import { defineOperation } from '../operation.ts';
import { InfluencerComparison, InfluencerComparisonQuery } from './comparison-model.ts';

/** Influencer Monitoring (project types 1 and 5): clips of up to 5 influencer entries per chart bucket. */
export const getInfluencerComparison = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/influencercomparison/get',
  summary: 'Clip counts per influencer per chart bucket, with totals against the previous period',
  tags: ['influencer comparison'],
  access: 'user',
  query: InfluencerComparisonQuery,
  response: InfluencerComparison,
});
