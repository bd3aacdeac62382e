import { IdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WordBinResult } from './model.ts';

/** Deletes a word bin with its matches, logs and recipients. */
export const deleteWordBin = defineOperation({
  host: 'main',
  method: 'DELETE',
  path: '/api/wordbins/delete',
  summary: 'Delete a word bin',
  tags: ['word-bins'],
  access: 'user',
  query: IdQuery,
  response: WordBinResult,
});
