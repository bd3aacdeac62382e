import { defineOperation } from '../operation.ts';
import { ClipIdsQuery, ClipList } from './model.ts';

export const getClipsByIds = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/clip/getall/ids',
  summary: 'Clips of a bin by clip id (at most 100 per call)',
  tags: ['clips'],
  access: 'user',
  query: ClipIdsQuery,
  response: ClipList,
});
