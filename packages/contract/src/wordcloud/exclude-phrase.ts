import { defineOperation } from '../operation.ts';
import { PhraseQuery, WordCloudPhrase } from './model.ts';

/** A GET that changes data, as the specification has it. */
export const excludePhrase = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/exclude',
  summary: 'Take a phrase out of the cloud (and stop tracking it)',
  tags: ['word cloud'],
  access: 'user',
  query: PhraseQuery,
  response: WordCloudPhrase,
});
