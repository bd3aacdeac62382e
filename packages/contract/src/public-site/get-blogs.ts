import { defineOperation } from '../operation.ts';
import { BlogList } from './model.ts';

export const getBlogs = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/blog',
  summary: 'Published blog posts, newest first',
  tags: ['public'],
  access: 'public',
  response: BlogList,
});
