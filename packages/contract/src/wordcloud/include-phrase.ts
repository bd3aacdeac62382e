import { defineOperation } from '../operation.ts';
import { PhraseBody, WordCloudPhrase } from './model.ts';

/** A change of data, so a POST with a JSON body (the specification's GET with a query; docs/api.md). */
export const includePhrase = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/include',
  summary: 'Track a phrase in the cloud (and stop excluding it)',
  tags: ['word cloud'],
  access: 'user',
  body: PhraseBody,
  response: WordCloudPhrase,
});
