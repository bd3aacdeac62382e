import { defineOperation } from '../operation.ts';
import { z } from 'zod';
import { ClipBinList, ClipBinsQuery, ClipsOfBins } from './model.ts';

export const getClipBins = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/clip/getall/bins',
  summary: 'The clips of the given bins in the range and streams (binIds); the bins of the given projects (projectIds)',
  tags: ['clips'],
  access: 'user',
  query: ClipBinsQuery,
  response: z.union([ClipsOfBins, ClipBinList]),
});
