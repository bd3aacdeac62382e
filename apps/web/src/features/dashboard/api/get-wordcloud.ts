import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWordCloud, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

/** The cloud's filters: the value sent as cloudFilter ('#' travels as %23). */
export const CLOUD_FILTER_OPTIONS = [
  { value: 'words', label: 'Top words' },
  { value: '#', label: 'Hashtags' },
  { value: '@', label: 'Handles' },
  { value: 'entities', label: 'Named entities' },
] as const satisfies readonly { value: OperationInput<typeof getWordCloud>['query']['cloudFilter']; label: string }[];
export type CloudFilterValue = (typeof CLOUD_FILTER_OPTIONS)[number]['value'];

/** Every word cloud of the project (any range, any filter): what a phrase change refreshes. */
export const WORDCLOUD_KEY = [...ANALYTICS_KEY, getWordCloud.path] as const;

export const wordCloudQueryOptions = (params: AnalyticParams, cloudFilter: CloudFilterValue) =>
  queryOptions({
    queryKey: [...WORDCLOUD_KEY, params, cloudFilter],
    queryFn: () => call(getWordCloud, { query: { ...params, cloudFilter } }),
  });

export const useWordCloud = (params: AnalyticParams, cloudFilter: CloudFilterValue) => useQuery(wordCloudQueryOptions(params, cloudFilter));
