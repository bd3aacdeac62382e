import { AnalyticQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WorldMapCountries } from './model.ts';

export const getWorldMapCountries = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/worldmap/countries',
  summary: 'Posts of the range per country they come from, with the previous period',
  tags: ['worldmap'],
  access: 'user',
  query: AnalyticQuery,
  response: WorldMapCountries,
});
