import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ClientIdQuery, WordBinContact } from './model.ts';

/** The client's active contacts, who may be chosen as a word bin's recipients. */
export const getWordBinContacts = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/wordbins/contacts',
  summary: "The client's contacts a word bin may alert",
  tags: ['word-bins'],
  access: 'user',
  query: ClientIdQuery,
  response: z.array(WordBinContact),
});
