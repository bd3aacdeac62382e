import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CLIP_TRAY_STEP, ClipPage } from '@listening/contract';
import { api } from '../../../api/client.ts';
import type { AnalyticParams } from '../../project-shell/filter.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';
import { trayQuery } from '../tray-query.ts';
import type { TrayScope } from '../tray-state.tsx';

export const clipsQueryOptions = (params: AnalyticParams, scope: TrayScope) => {
  const query = trayQuery(params, scope);
  return infiniteQueryOptions({
    queryKey: [...ANALYTICS_KEY, 'clips', query],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => api.get('clip/getall', { query: { ...query, offset: pageParam, limit: CLIP_TRAY_STEP }, schema: ClipPage }),
    getNextPageParam: (last, pages) => (last.HasMore ? pages.length * CLIP_TRAY_STEP : undefined),
  });
};

/** The tray's posts, 10 per step (000 §9). */
export const useClips = (params: AnalyticParams, scope: TrayScope | null) =>
  useInfiniteQuery({ ...clipsQueryOptions(params, scope ?? { label: '' }), enabled: !!scope });
