import { defineOperation } from '../operation.ts';
import { DeepDive, DeepDiveQuery } from './model.ts';

/** 204 (no body) when no post of the range carries an item of the rail: 'No data found for deep-dive'. */
export const getDeepDive = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/deepdive/ownedcontent',
  summary: 'Hashtags, urls, handles or named entities of the range (railType), by brand association and over time; 204 when none (Deep Dive product)',
  tags: ['deep-dive'],
  access: 'user',
  query: DeepDiveQuery,
  response: DeepDive,
});
