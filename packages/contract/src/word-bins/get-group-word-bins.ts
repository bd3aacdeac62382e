import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WordBinList } from './model.ts';

/** The word bins in one group. */
export const getGroupWordBins = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/wordbins/group/getfromgroup/:id',
  summary: 'The word bins of a group',
  tags: ['word-bins'],
  access: 'user',
  params: z.object({ id: zId }),
  response: WordBinList,
});
