import { queryOptions, useQuery } from '@tanstack/react-query';
import { getContentClassification } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

export const contentClassificationOptions = (params: AnalyticParams) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, getContentClassification.path, params],
    queryFn: () => call(getContentClassification, { query: params }),
  });

/** Owned, Earned, Chatter and Total with the previous period, and per bucket. */
export const useContentClassification = (params: AnalyticParams) => useQuery(contentClassificationOptions(params));
