import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { AddPostsResult, ManualPost } from './model.ts';

export const AddBinPostBody = ManualPost.extend({ binId: zId });

/** Adds one post to an input bin by hand; it is stored as a clip of the project, enriched like any other. */
export const addBinPost = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/subfolder/post/add',
  summary: 'Add a post to an input bin by hand (Input Bins product)',
  tags: ['sub-bins'],
  access: 'user',
  body: AddBinPostBody,
  response: AddPostsResult,
});
