import { queryOptions, useQuery } from '@tanstack/react-query';
import { Heatmap } from '@listening/contract';
import { api } from '../../../api/client.ts';
import type { AnalyticParams } from '../../project-shell/filter.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';

export const heatmapQueryOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, 'heatmap/getall', params], queryFn: () => api.get('heatmap/getall', { query: { ...params }, schema: Heatmap }) });

/** The hourly mentions heatmap: 24 hours by day, week or month rows (000 §9). */
export const useHeatmap = (params: AnalyticParams) => useQuery(heatmapQueryOptions(params));
