import { useQuery } from '@tanstack/react-query';
import { getSentimentHeatmap } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

export const sentimentHeatmapQueryOptions = (params: AnalyticParams) => opQuery(getSentimentHeatmap, { query: params }, FIGURE);

/** The sentiment heatmap: each hour's positive, neutral and negative posts. */
export const useSentimentHeatmap = (params: AnalyticParams) => useQuery(sentimentHeatmapQueryOptions(params));
