import { defineOperation } from '../operation.ts';
import { TeachPosts, TeachPostsQuery } from './model.ts';

export const getTeachPosts = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/sentiment/teach',
  summary: "The 20 unrated posts of the filter whose rating would help the client's sentiment model most, with its ratings and last adaptation",
  tags: ['sentiment'],
  access: 'user',
  query: TeachPostsQuery,
  response: TeachPosts,
});
