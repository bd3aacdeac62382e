import { defineOperation } from '../operation.ts';
import { NewClipsCount, NewClipsQuery } from './model.ts';

/** The tray's 'N new posts': posts of its listing that arrived after its first page was read. */
export const getNewClipCount = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/clip/getall/new',
  summary: 'How many posts of a listing arrived after its first page (its SnapshotId)',
  tags: ['clips'],
  access: 'user',
  query: NewClipsQuery,
  response: NewClipsCount,
});
