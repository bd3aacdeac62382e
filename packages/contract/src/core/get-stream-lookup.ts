import { defineOperation } from '../operation.ts';
import { Lookup } from './model.ts';

export const getStreamLookup = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/core/stream/all',
  summary: 'Streams with their names and colours',
  tags: ['core'],
  access: 'user',
  response: Lookup,
});
