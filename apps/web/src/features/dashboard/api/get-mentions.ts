import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMentions } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

export const mentionsQueryOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, getMentions.path, params], queryFn: () => call(getMentions, { query: params }) });

/** Mentions and AVE per stream, then StreamId 0 with the total. */
export const useMentions = (params: AnalyticParams) => useQuery(mentionsQueryOptions(params));
