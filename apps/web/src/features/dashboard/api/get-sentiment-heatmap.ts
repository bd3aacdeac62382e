import { queryOptions, useQuery } from '@tanstack/react-query';
import { SentimentHeatmap } from '@listening/contract';
import { api } from '../../../api/client.ts';
import type { AnalyticParams } from '../../project-shell/filter.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';

export const sentimentHeatmapQueryOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, 'heatmap/sentiment/getall', params], queryFn: () => api.get('heatmap/sentiment/getall', { query: { ...params }, schema: SentimentHeatmap }) });

/** The sentiment heatmap: each hour's positive, neutral and negative posts. */
export const useSentimentHeatmap = (params: AnalyticParams) => useQuery(sentimentHeatmapQueryOptions(params));
