import { queryOptions, useQuery } from '@tanstack/react-query';
import { SentimentSummary } from '@listening/contract';
import { api } from '../../../api/client.ts';
import type { AnalyticParams } from '../../project-shell/filter.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';

export const sentimentQueryOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, 'sentiment/getall', params], queryFn: () => api.get('sentiment/getall', { query: { ...params }, schema: SentimentSummary }) });

/** The sentiment summary: Owned, Earned, Chatter and All. */
export const useSentiment = (params: AnalyticParams) => useQuery(sentimentQueryOptions(params));
