import { defineOperation } from '../operation.ts';
import { CompetitorComparison, CompetitorQuery } from './model.ts';

/** The competitor donut: the project's posts and each competitor's, in the same range and streams. */
export const getCompetitors = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/competitor/getall',
  summary: 'Competitor tracking: posts of the project and of each competitor in the range and streams (project types 1, 5)',
  tags: ['analysis'],
  access: 'user',
  query: CompetitorQuery,
  response: CompetitorComparison,
});
