import { defineOperation } from '../operation.ts';
import { ClipListQuery, ClipPage } from './model.ts';

export const getClips = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/clip/getall',
  summary: 'Clips of a project or bin, newest first, 10 per step (keyset: cursor and snapshotId)',
  tags: ['clips'],
  access: 'user',
  query: ClipListQuery,
  response: ClipPage,
});
