import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CLIP_TRAY_STEP, getClips } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../filter.ts';
import { ANALYTICS_KEY } from '../../query-keys.ts';
import { trayQuery } from '../tray-query.ts';
import type { TrayScope } from '../tray-state.tsx';

/** The tray's posts, or with `rejected` the selection's rejected ones (the 'Rejected' view). */
export const clipsQueryOptions = (params: AnalyticParams, scope: TrayScope, rejected = false) => {
  const query = { ...trayQuery(params, scope), ...(rejected ? { rejected: true } : {}) };
  return infiniteQueryOptions({
    queryKey: [...ANALYTICS_KEY, getClips.path, query],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => call(getClips, { query: { ...query, offset: pageParam, limit: CLIP_TRAY_STEP } }),
    getNextPageParam: (last, pages) => (last.HasMore ? pages.length * CLIP_TRAY_STEP : undefined),
  });
};

/** The tray's posts (or its rejected ones), 10 per step. */
export const useClips = (params: AnalyticParams, scope: TrayScope | null, rejected = false) =>
  useInfiniteQuery({ ...clipsQueryOptions(params, scope ?? { label: '' }, rejected), enabled: !!scope });
