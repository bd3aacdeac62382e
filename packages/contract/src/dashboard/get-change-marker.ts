import { AnalyticQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { ChangeMarker } from './model.ts';

/**
 * What an open dashboard polls to stay live: one small read of the hourly rollups, so the figures
 * are fetched again only when the marker moved (docs/dashboard.md, "Live dashboard").
 */
export const getChangeMarker = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/dashboard/changes',
  summary: "A marker of the scope's figures that changes when they do, and whether the range holds now",
  tags: ['dashboard'],
  access: 'user',
  query: AnalyticQuery,
  response: ChangeMarker,
});
