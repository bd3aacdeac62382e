import { queryOptions, useQuery } from '@tanstack/react-query';
import { getExclusions } from '@listening/contract';
import { call } from '../../../api/client.ts';

export const exclusionsQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: [getExclusions.path, projectId], queryFn: () => call(getExclusions, { query: { projectId } }) });

/** The project's excluded word-cloud phrases. */
export const useExclusions = (projectId: number) => useQuery(exclusionsQueryOptions(projectId));
