import type { exportListing, OperationInput } from '@listening/contract';
import type { AnalyticParams } from '../filter.ts';
import type { TrayScope } from './tray-state.tsx';

/** The listing query of a tray (the listing's, the export's and the duplicates' own filters). */
export type TrayQuery = OperationInput<typeof exportListing>['query'];

/** The listing query of a tray: the project's filter, narrowed by the scope (its range and streams win). */
export function trayQuery(params: AnalyticParams, scope: TrayScope): TrayQuery {
  const q: TrayQuery = { ...params };
  if (scope.startDate) q.startDate = scope.startDate;
  if (scope.endDate) q.endDate = scope.endDate;
  if (scope.hourStart) q.hourStart = scope.hourStart;
  if (scope.hour !== undefined) q.hour = scope.hour;
  if (scope.favourabilityId) q.favourabilityId = scope.favourabilityId;
  if (scope.brandAssociationId) q.brandAssociationId = scope.brandAssociationId;
  if (scope.streamIds) q.streamIds = scope.streamIds;
  if (scope.authorId) q.authorId = scope.authorId;
  if (scope.authorIds?.length) q.authorIds = scope.authorIds.join(',');
  if (scope.word) q.word = scope.word;
  if (scope.countryCode) q.countryCode = scope.countryCode;
  if (scope.binClipBaseIds?.length) q.binClipBaseIds = scope.binClipBaseIds.join(',');
  return q;
}
