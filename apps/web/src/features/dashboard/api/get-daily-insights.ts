import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDailyInsights } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

export const dailyInsightsQueryOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, getDailyInsights.path, params], queryFn: () => call(getDailyInsights, { query: params }) });

/** Mentions per day, week or month. */
export const useDailyInsights = (params: AnalyticParams) => useQuery(dailyInsightsQueryOptions(params));
