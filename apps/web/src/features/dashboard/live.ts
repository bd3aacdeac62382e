// The live dashboard: while the range holds now, the change marker is polled (a cheap read of the
// hourly rollups) and, only when it moved, the figures are fetched again under their own keys, so
// TanStack Query keeps drawing the old answer until the new one replaces it: no skeleton, no jump.
import {
  getBinsOfType,
  getDailyInsights,
  getFavourability,
  getHeatmap,
  getMentions,
  getSentimentHeatmap,
  getSentimentSummary,
  getSortBinTree,
  getTopAuthors,
  getTopPosts,
} from '@listening/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AnalyticParams } from '../../project/filter.ts';
import { useChangeMarker } from './api/get-change-marker.ts';

/**
 * The figures a moved marker refreshes. Not the word cloud (it is laid out afresh on every answer,
 * so it would jump while one reads it) and not the clip tray (its pages would shift under the
 * reader; it has its own 'new posts' count).
 */
export const LIVE_PATHS: readonly string[] = [
  getMentions.path,
  getDailyInsights.path,
  getHeatmap.path,
  getSentimentHeatmap.path,
  getFavourability.path,
  getSentimentSummary.path,
  getTopPosts.path,
  getTopAuthors.path,
  getSortBinTree.path,
  getBinsOfType.path,
];

/** True for the cached figures a live refresh fetches again. */
export const isLiveFigure = (key: QueryKey): boolean => typeof key[0] === 'string' && LIVE_PATHS.includes(key[0]);

export interface LiveState {
  /** The range holds now: the figures follow new posts. */
  live: boolean;
  /** When the figures were last found changed and fetched again (null: not since the page opened). */
  updatedAt: Date | null;
}

/** Keeps the open dashboard's figures current while its range holds now. */
export function useLiveDashboard(params: AnalyticParams): LiveState {
  const queryClient = useQueryClient();
  const marker = useChangeMarker(params);
  const seen = useRef<{ params: AnalyticParams; marker: string } | null>(null);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const current = marker.data?.Marker;

  useEffect(() => {
    if (current === undefined) return;
    const last = seen.current;
    seen.current = { params, marker: current };
    // The first marker of a filter is the one its figures were read with.
    if (!last || last.params !== params || last.marker === current) return;
    void queryClient.invalidateQueries({ predicate: (q) => isLiveFigure(q.queryKey) });
    setUpdatedAt(new Date());
  }, [current, params, queryClient]);

  return { live: !!marker.data?.Live, updatedAt };
}
