import { useQuery } from '@tanstack/react-query';
import { getHeatmap } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

export const heatmapQueryOptions = (params: AnalyticParams) => opQuery(getHeatmap, { query: params }, FIGURE);

/** The hourly mentions heatmap: 24 hours by day, week or month rows. */
export const useHeatmap = (params: AnalyticParams) => useQuery(heatmapQueryOptions(params));
