import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WordBinList } from './model.ts';

export const GetWordBinsQuery = z.object({
  clientId: zId,
  /** Only this project's word bins (the Word Lists screen of a project). */
  projectId: zId.optional(),
  /** Only reaction lists (1) or crisis lists (2). */
  wordBinTypeId: z.coerce
    .number({ error: 'wordBinTypeId must be 1 (reaction list) or 2 (crisis list)' })
    .refine((n) => n === 1 || n === 2, 'wordBinTypeId must be 1 (reaction list) or 2 (crisis list)')
    .optional(),
});

/** A client's word bins (of the projects where Reaction Lists are unlocked), newest first. */
export const getWordBins = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/wordbins/getall',
  summary: "A client's word bins (reaction and crisis lists)",
  tags: ['word-bins'],
  access: 'user',
  query: GetWordBinsQuery,
  response: WordBinList,
});
