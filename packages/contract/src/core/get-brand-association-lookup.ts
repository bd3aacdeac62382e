import { defineOperation } from '../operation.ts';
import { Lookup } from './model.ts';

export const getBrandAssociationLookup = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/core/ba/all',
  summary: 'Brand associations: Owned, Earned, Chatter with colours',
  tags: ['core'],
  access: 'user',
  response: Lookup,
});
