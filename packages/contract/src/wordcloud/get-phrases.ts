import { ProjectIdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WordCloudPhraseList } from './model.ts';

/** Both lists, so the dashboard can show what is included as well as what is excluded, each removable. */
export const getPhrases = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/phrases/get',
  summary: "The project's included and excluded phrases",
  tags: ['word cloud'],
  access: 'user',
  query: ProjectIdQuery,
  response: WordCloudPhraseList,
});
