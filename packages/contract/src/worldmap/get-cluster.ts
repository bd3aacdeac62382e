import { defineOperation } from '../operation.ts';
import { WorldMapCluster, WorldMapClusterQuery } from './model.ts';

export const getWorldMapCluster = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/worldmap/cluster',
  summary: 'Posts of the range per place they come from (cities and towns), busiest first, optionally of one country',
  tags: ['worldmap'],
  access: 'user',
  query: WorldMapClusterQuery,
  response: WorldMapCluster,
});
