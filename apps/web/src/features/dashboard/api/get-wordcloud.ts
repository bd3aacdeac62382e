import { useQuery } from '@tanstack/react-query';
import { getWordCloud, type OperationInput } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

/** The cloud's filters: the value sent as cloudFilter ('#' travels as %23). */
export const CLOUD_FILTER_OPTIONS = [
  { value: 'words', label: 'Top words' },
  { value: '#', label: 'Hashtags' },
  { value: '@', label: 'Handles' },
  { value: 'entities', label: 'Named entities' },
] as const satisfies readonly { value: OperationInput<typeof getWordCloud>['query']['cloudFilter']; label: string }[];
export type CloudFilterValue = (typeof CLOUD_FILTER_OPTIONS)[number]['value'];

export const wordCloudQueryOptions = (params: AnalyticParams, cloudFilter: CloudFilterValue) =>
  opQuery(getWordCloud, { query: { ...params, cloudFilter } }, FIGURE);

export const useWordCloud = (params: AnalyticParams, cloudFilter: CloudFilterValue) => useQuery(wordCloudQueryOptions(params, cloudFilter));
