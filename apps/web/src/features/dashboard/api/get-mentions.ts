import { queryOptions, useQuery } from '@tanstack/react-query';
import { MentionSummaryList } from '@listening/contract';
import { api } from '../../../api/client.ts';
import type { AnalyticParams } from '../../project-shell/filter.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';

export const mentionsQueryOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, 'mentions/getall', params], queryFn: () => api.get('mentions/getall', { query: { ...params }, schema: MentionSummaryList }) });

/** Mentions and AVE per stream, then StreamId 0 with the total. */
export const useMentions = (params: AnalyticParams) => useQuery(mentionsQueryOptions(params));
