import { defineOperation } from '../operation.ts';
import { PhraseQuery, WordCloudPhrase } from './model.ts';

/** A GET that changes data, as the specification has it. */
export const includePhrase = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/include',
  summary: 'Track a phrase in the cloud (and stop excluding it)',
  tags: ['word cloud'],
  access: 'user',
  query: PhraseQuery,
  response: WordCloudPhrase,
});
