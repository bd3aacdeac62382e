import { useQuery } from '@tanstack/react-query';
import { getContentClassification } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

export const contentClassificationOptions = (params: AnalyticParams) => opQuery(getContentClassification, { query: params }, FIGURE);

/** Owned, Earned, Chatter and Total with the previous period, and per bucket. */
export const useContentClassification = (params: AnalyticParams) => useQuery(contentClassificationOptions(params));
