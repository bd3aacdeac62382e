import { defineOperation } from '../operation.ts';
import { Lookup } from './model.ts';

export const getClassificationLookup = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/core/cc/all',
  summary: 'Classifications',
  tags: ['core'],
  access: 'user',
  response: Lookup,
});
