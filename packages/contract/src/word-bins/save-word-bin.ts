import { defineOperation } from '../operation.ts';
import { WordBin, WordBinInput } from './model.ts';

/** Creates a reaction list (type 1) or crisis list (type 2) with its keywords and recipients. */
export const saveWordBin = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/wordbins/save',
  summary: 'Create a word bin',
  tags: ['word-bins'],
  access: 'user',
  body: WordBinInput,
  response: WordBin,
});
