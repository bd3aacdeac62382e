import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getDeepDive, type DeepDiveQueryInput } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';

// A figure, so that rating or rejecting posts in the tray refreshes the screen.
// null: the server's 204, 'No data found for deep-dive'.
export const deepDiveOptions = (query: DeepDiveQueryInput) => ({ ...opQuery(getDeepDive, { query }, FIGURE), placeholderData: keepPreviousData });

export const useDeepDive = (query: DeepDiveQueryInput) => useQuery(deepDiveOptions(query));
