import { AnalyticQuery, zBool } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { TopAuthorList } from './model.ts';

export const TopAuthorsQuery = AnalyticQuery.safeExtend({ showAll: zBool('showAll') });

export const getTopAuthors = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/topauthors',
  summary: 'Top authors by followers (project types 1, 5, 6, 7)',
  tags: ['dashboard'],
  access: 'user',
  query: TopAuthorsQuery,
  response: TopAuthorList,
});
