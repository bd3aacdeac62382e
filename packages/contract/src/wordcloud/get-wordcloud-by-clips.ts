import { defineOperation } from '../operation.ts';
import { WordCloud, WordCloudByClipsBody } from './model.ts';

export const getWordCloudByClips = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/wordcloud/getall/byclips',
  summary: 'The cloud of given clips (or of the range) by prefix character',
  tags: ['word cloud'],
  access: 'user',
  body: WordCloudByClipsBody,
  response: WordCloud,
});
