import { z } from 'zod';
import { IdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WordBinLog } from './model.ts';

/** The windows a word bin has sent out, newest first. */
export const getWordBinLogs = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/wordbins/logs',
  summary: 'The digests a word bin has sent',
  tags: ['word-bins'],
  access: 'user',
  query: IdQuery,
  response: z.array(WordBinLog),
});
