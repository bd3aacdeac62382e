import { getTeachPosts, type OperationInput } from '@listening/contract';
import { useOp } from '../../../api/op-query.ts';
import type { TrayQuery } from '../tray-query.ts';

type TeachQuery = OperationInput<typeof getTeachPosts>['query'];

/** "Teach sentiment" reads the tray's project or bin, range and streams: the filter its posts are chosen in. */
export const teachQuery = (q: TrayQuery): TeachQuery => ({
  ...(q.projectId !== undefined ? { projectId: q.projectId } : {}),
  ...(q.binId !== undefined ? { binId: q.binId } : {}),
  startDate: q.startDate,
  endDate: q.endDate,
  streamIds: q.streamIds,
});

/**
 * The posts whose rating would help the client's model most, its ratings and last adaptation. Not
 * refreshed by a rating (the round of posts stays put while it is rated); asked again per round.
 */
export const useTeachPosts = (q: TrayQuery, enabled: boolean) => useOp(getTeachPosts, { query: teachQuery(q) }, { enabled, staleTime: 0 });
