import { defineOperation } from '../operation.ts';
import { PostListingPage, PostListingQuery } from './model.ts';

export const getPostListing = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/listing/posts',
  summary: 'Post Listing: the posts of a project or sub-bin, searched, sorted and filtered, a page at a time by a keyset cursor',
  tags: ['listing'],
  access: 'user',
  query: PostListingQuery,
  response: PostListingPage,
});
