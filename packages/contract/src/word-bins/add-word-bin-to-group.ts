import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WordBin } from './model.ts';

/** Puts a word bin in a group of the same client (path: word bin id, group id). */
export const addWordBinToGroup = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/group/add/:wordBinId/:groupId',
  summary: 'Add a word bin to a group',
  tags: ['word-bins'],
  access: 'user',
  params: z.object({ wordBinId: zId, groupId: zId }),
  response: WordBin,
});
