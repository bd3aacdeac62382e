import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getDeepDive, type DeepDiveQueryInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

// Under the analytics root, so that rating or rejecting posts in the tray refreshes the screen.
// null: the server's 204, 'No data found for deep-dive'.
export const deepDiveOptions = (query: DeepDiveQueryInput) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, getDeepDive.path, query], queryFn: () => call(getDeepDive, { query }), placeholderData: keepPreviousData });

export const useDeepDive = (query: DeepDiveQueryInput) => useQuery(deepDiveOptions(query));
