import { ProjectIdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { InfluencerList } from './model.ts';

/**
 * The specification gives the influencer paths without a prefix (getall, create, delete); ours
 * is /api/influencer/ (docs/dashboard.md).
 */
export const getInfluencers = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/influencer/getall',
  summary: "The project's influencer entries with days remaining",
  tags: ['influencer discovery'],
  access: 'user',
  query: ProjectIdQuery,
  response: InfluencerList,
});
