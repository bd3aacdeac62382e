import { queryOptions, useQuery } from '@tanstack/react-query';
import { getHeatmap } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

export const heatmapQueryOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, getHeatmap.path, params], queryFn: () => call(getHeatmap, { query: params }) });

/** The hourly mentions heatmap: 24 hours by day, week or month rows. */
export const useHeatmap = (params: AnalyticParams) => useQuery(heatmapQueryOptions(params));
