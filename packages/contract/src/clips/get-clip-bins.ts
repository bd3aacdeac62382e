import { defineOperation } from '../operation.ts';
import { ClipBinList, ClipBinsQuery } from './model.ts';

export const getClipBins = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/clip/getall/bins',
  summary: 'The bins of the given projects',
  tags: ['clips'],
  access: 'user',
  query: ClipBinsQuery,
  response: ClipBinList,
});
