import { useQuery } from '@tanstack/react-query';
import { getSentimentRating } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

// Tagged a figure, so that rating or rejecting posts in the tray refreshes the screen.
export const sentimentRatingOptions = (params: AnalyticParams) => opQuery(getSentimentRating, { query: params }, FIGURE);

/** The Sentiment screen's figures: totals with the previous period, the breakdown and the daily lines. */
export const useSentimentRating = (params: AnalyticParams) => useQuery(sentimentRatingOptions(params));
