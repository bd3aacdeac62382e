import { IdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WordBin } from './model.ts';

/** One word bin with its keywords and recipients. */
export const getWordBin = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/wordbins/get',
  summary: 'A word bin with its keywords and recipients',
  tags: ['word-bins'],
  access: 'user',
  query: IdQuery,
  response: WordBin,
});
