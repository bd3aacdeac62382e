import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CLIP_TRAY_STEP, getClips } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { opKey, tagMeta } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../filter.ts';
import { trayQuery } from '../tray-query.ts';
import type { TrayScope } from '../tray-state.tsx';

/** Where a page starts: nothing for the first, then the page before's cursor and the first page's snapshot. */
type PageParam = { cursor: string; snapshotId: number } | null;

/**
 * The tray's posts, or with `rejected` the selection's rejected ones (the 'Rejected' view), 10 per
 * step. Keyset pages inside the first page's snapshot: posts that arrive meanwhile never shift or
 * repeat a page (the tray counts them as new instead, get-new-clip-count.ts).
 */
export const clipsQueryOptions = (params: AnalyticParams, scope: TrayScope, rejected = false) => {
  const query = { ...trayQuery(params, scope), ...(rejected ? { rejected: true } : {}) };
  return infiniteQueryOptions({
    queryKey: opKey(getClips, { query }),
    meta: tagMeta('analytics'),
    initialPageParam: null as PageParam,
    queryFn: ({ pageParam }) => call(getClips, { query: { ...query, ...(pageParam ?? {}), limit: CLIP_TRAY_STEP } }),
    getNextPageParam: (last, pages): PageParam => (last.NextCursor ? { cursor: last.NextCursor, snapshotId: pages[0].SnapshotId } : null),
  });
};

/** The tray's posts (or its rejected ones), 10 per step. */
export const useClips = (params: AnalyticParams, scope: TrayScope | null, rejected = false) =>
  useInfiniteQuery({ ...clipsQueryOptions(params, scope ?? { label: '' }, rejected), enabled: !!scope });
