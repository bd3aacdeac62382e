import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDuplicates, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { ANALYTICS_KEY } from '../../query-keys.ts';

export type DuplicatesParams = OperationInput<typeof getDuplicates>['query'];

export const duplicatesQueryOptions = (query: DuplicatesParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, getDuplicates.path, query], queryFn: () => call(getDuplicates, { query }) });

/** Near-duplicate posts of the listing, grouped (admins). */
export const useDuplicates = (query: DuplicatesParams, enabled: boolean) => useQuery({ ...duplicatesQueryOptions(query), enabled });
