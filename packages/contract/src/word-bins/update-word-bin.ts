import { defineOperation } from '../operation.ts';
import { WordBin, WordBinInput } from './model.ts';

/** Replaces a word bin's settings, keywords and recipients (body Id names it; its project stays). */
export const updateWordBin = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/wordbins/update',
  summary: 'Update a word bin',
  tags: ['word-bins'],
  access: 'user',
  body: WordBinInput,
  response: WordBin,
});
