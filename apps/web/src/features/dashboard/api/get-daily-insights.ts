import { queryOptions, useQuery } from '@tanstack/react-query';
import { DailyInsights } from '@listening/contract';
import { api } from '../../../api/client.ts';
import type { AnalyticParams } from '../../project-shell/filter.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';

export const dailyInsightsQueryOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, 'dailyinsights/getall', params], queryFn: () => api.get('dailyinsights/getall', { query: { ...params }, schema: DailyInsights }) });

/** Mentions per day, week or month (000 §9 buckets). */
export const useDailyInsights = (params: AnalyticParams) => useQuery(dailyInsightsQueryOptions(params));
