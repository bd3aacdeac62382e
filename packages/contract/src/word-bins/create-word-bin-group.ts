import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WORD_BIN_GROUP_NAME_MAX, WordBinGroup } from './model.ts';

export const CreateWordBinGroupParams = z.object({
  clientId: zId,
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'Please enter a name for the group')
    .max(WORD_BIN_GROUP_NAME_MAX, `The group name is longer than ${WORD_BIN_GROUP_NAME_MAX} characters`),
});

/** Creates a word-bin group for a client (path: client id, group name). */
export const createWordBinGroup = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/group/create/:clientId/:name',
  summary: 'Create a word-bin group',
  tags: ['word-bins'],
  access: 'user',
  params: CreateWordBinGroupParams,
  response: WordBinGroup,
});
