import { defineOperation } from '../operation.ts';
import { WordCloud, WordCloudQuery } from './model.ts';

export const getWordCloud = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/wordcloud/getall',
  summary: "Top words, hashtags ('#' as %23), handles ('@') or entities",
  tags: ['word cloud'],
  access: 'user',
  query: WordCloudQuery,
  response: WordCloud,
});
