import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPhrases } from '@listening/contract';
import { call } from '../../../api/client.ts';

export const phrasesQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: [getPhrases.path, projectId], queryFn: () => call(getPhrases, { query: { projectId } }) });

/** The project's included and excluded word-cloud phrases. */
export const usePhrases = (projectId: number) => useQuery(phrasesQueryOptions(projectId));
