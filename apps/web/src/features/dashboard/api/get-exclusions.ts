import { queryOptions, useQuery } from '@tanstack/react-query';
import { WordCloudPhraseList } from '@listening/contract';
import { api } from '../../../api/client.ts';

export const exclusionsQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: ['wordcloud-phrases', projectId], queryFn: () => api.get('exclusions/get', { query: { projectId }, schema: WordCloudPhraseList }) });

/** The project's included and excluded word-cloud phrases. */
export const useExclusions = (projectId: number) => useQuery(exclusionsQueryOptions(projectId));
