import { defineOperation } from '../operation.ts';
import { TopAuthorsPage, TopAuthorsPageQuery } from './top-authors-page-model.ts';

/**
 * The Top Authors page (project types 1 and 5): the specification's 'GET topauthors' with the
 * page's own needs, By Followers or By Clips and Show All a page at a time. The dashboard's
 * widget keeps GET topauthors (types 1, 5, 6, 7; ten people).
 */
export const getTopAuthorsPage = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/topauthors/page',
  summary: 'Top authors of the range, by followers or by clips, a page at a time',
  tags: ['influencer discovery'],
  access: 'user',
  query: TopAuthorsPageQuery,
  response: TopAuthorsPage,
});
