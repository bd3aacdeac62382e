import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSentimentRating } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

// Under the analytics root, so that rating or rejecting posts in the tray refreshes the screen.
export const sentimentRatingOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, getSentimentRating.path, params], queryFn: () => call(getSentimentRating, { query: params }) });

/** The Sentiment screen's figures: totals with the previous period, the breakdown and the daily lines. */
export const useSentimentRating = (params: AnalyticParams) => useQuery(sentimentRatingOptions(params));
