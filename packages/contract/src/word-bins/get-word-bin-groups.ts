import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ClientIdQuery, WordBinGroup } from './model.ts';

/** A client's word-bin groups (the Word Lists sidebar). */
export const getWordBinGroups = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/wordbins/group/getall',
  summary: "A client's word-bin groups",
  tags: ['word-bins'],
  access: 'user',
  query: ClientIdQuery,
  response: z.array(WordBinGroup),
});
