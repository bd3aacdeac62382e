import { defineOperation } from '../operation.ts';
import { Lookups } from './model.ts';

export const getLookups = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/core/all',
  summary: 'Every core lookup in one answer',
  tags: ['core'],
  access: 'user',
  response: Lookups,
});
