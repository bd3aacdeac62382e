import { defineOperation } from '../operation.ts';
import { Lookup } from './model.ts';

export const getFavourabilityLookup = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/core/favourability/all',
  summary: 'Favourability: Positive, Neutral, Negative with colours',
  tags: ['core'],
  access: 'user',
  response: Lookup,
});
