import { ProjectIdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WordCloudPhraseList } from './model.ts';

export const getExclusions = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/exclusions/get',
  summary: "The project's excluded phrases",
  tags: ['word cloud'],
  access: 'user',
  query: ProjectIdQuery,
  response: WordCloudPhraseList,
});
