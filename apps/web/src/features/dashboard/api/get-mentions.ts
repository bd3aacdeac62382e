import { useQuery } from '@tanstack/react-query';
import { getMentions } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

export const mentionsQueryOptions = (params: AnalyticParams) => opQuery(getMentions, { query: params }, FIGURE);

/** Mentions and AVE per stream, then StreamId 0 with the total. */
export const useMentions = (params: AnalyticParams) => useQuery(mentionsQueryOptions(params));
