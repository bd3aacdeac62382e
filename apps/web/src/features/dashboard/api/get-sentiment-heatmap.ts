import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSentimentHeatmap } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

export const sentimentHeatmapQueryOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, getSentimentHeatmap.path, params], queryFn: () => call(getSentimentHeatmap, { query: params }) });

/** The sentiment heatmap: each hour's positive, neutral and negative posts. */
export const useSentimentHeatmap = (params: AnalyticParams) => useQuery(sentimentHeatmapQueryOptions(params));
