import { defineOperation } from '../operation.ts';
import { PhraseBody, RemovedPhrase } from './model.ts';

/** Undoes an include or an exclude: the phrase is counted as any other word again. */
export const removePhrase = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/phrase/remove',
  summary: 'Take a phrase off both lists (no longer included nor excluded)',
  tags: ['word cloud'],
  access: 'user',
  body: PhraseBody,
  response: RemovedPhrase,
});
