import { useQuery } from '@tanstack/react-query';
import { getDailyInsights } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

export const dailyInsightsQueryOptions = (params: AnalyticParams) => opQuery(getDailyInsights, { query: params }, FIGURE);

/** Mentions per day, week or month. */
export const useDailyInsights = (params: AnalyticParams) => useQuery(dailyInsightsQueryOptions(params));
