import { IdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WordBinResult } from './model.ts';

/** Deletes a word-bin group; its word bins stay, ungrouped. */
export const deleteWordBinGroup = defineOperation({
  host: 'main',
  method: 'DELETE',
  path: '/api/group/delete',
  summary: 'Delete a word-bin group',
  tags: ['word-bins'],
  access: 'user',
  query: IdQuery,
  response: WordBinResult,
});
