import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSentimentSummary } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

export const sentimentQueryOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, getSentimentSummary.path, params], queryFn: () => call(getSentimentSummary, { query: params }) });

/** The sentiment summary: Owned, Earned, Chatter and All. */
export const useSentiment = (params: AnalyticParams) => useQuery(sentimentQueryOptions(params));
