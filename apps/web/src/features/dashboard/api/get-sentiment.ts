import { useQuery } from '@tanstack/react-query';
import { getSentimentSummary } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

export const sentimentQueryOptions = (params: AnalyticParams) => opQuery(getSentimentSummary, { query: params }, FIGURE);

/** The sentiment summary: Owned, Earned, Chatter and All. */
export const useSentiment = (params: AnalyticParams) => useQuery(sentimentQueryOptions(params));
