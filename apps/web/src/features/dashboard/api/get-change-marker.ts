import { queryOptions, useQuery } from '@tanstack/react-query';
import { getChangeMarker } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

/** How often an open dashboard whose range holds now asks whether its figures changed. */
export const LIVE_POLL_MS = 15_000;

// Not tagged a figure: refreshing the figures must not ask for the marker again.
export const changeMarkerQueryOptions = (params: AnalyticParams) =>
  queryOptions({
    // Quiet: a poll that fails (a moment offline) tries again at the next tick without a toast.
    ...opQuery(getChangeMarker, { query: params }, { staleTime: 0, call: { quiet: true } }),
    refetchInterval: (query) => (query.state.data?.Live ? LIVE_POLL_MS : false),
  });

/** The scope's change marker, asked again every LIVE_POLL_MS while the range holds now. */
export const useChangeMarker = (params: AnalyticParams) => useQuery(changeMarkerQueryOptions(params));
