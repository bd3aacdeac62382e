import { queryOptions, useQuery } from '@tanstack/react-query';
import { WordCloud } from '@listening/contract';
import { api } from '../../../api/client.ts';
import type { AnalyticParams } from '../../project-shell/filter.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';

/** The cloud's filters (000 §2): the value sent as cloudFilter ('#' travels as %23). */
export const CLOUD_FILTER_OPTIONS = [
  { value: 'words', label: 'Top words' },
  { value: '#', label: 'Hashtags' },
  { value: '@', label: 'Handles' },
  { value: 'entities', label: 'Named entities' },
] as const;
export type CloudFilterValue = (typeof CLOUD_FILTER_OPTIONS)[number]['value'];

export const wordCloudQueryOptions = (params: AnalyticParams, cloudFilter: CloudFilterValue) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, 'wordcloud', params, cloudFilter],
    queryFn: () => api.get('wordcloud/getall', { query: { ...params, cloudFilter }, schema: WordCloud }),
  });

export const useWordCloud = (params: AnalyticParams, cloudFilter: CloudFilterValue) => useQuery(wordCloudQueryOptions(params, cloudFilter));
