import { defineOperation } from '../operation.ts';
import { PhraseBody, WordCloudPhrase } from './model.ts';

/** A change of data, so a POST with a JSON body (the specification's GET with a query; docs/api.md). */
export const excludePhrase = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/exclude',
  summary: 'Take a phrase out of the cloud (and stop tracking it)',
  tags: ['word cloud'],
  access: 'user',
  body: PhraseBody,
  response: WordCloudPhrase,
});
