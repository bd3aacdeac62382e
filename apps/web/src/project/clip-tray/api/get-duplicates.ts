import { useQuery } from '@tanstack/react-query';
import { getDuplicates, type OperationInput } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';

export type DuplicatesParams = OperationInput<typeof getDuplicates>['query'];

export const duplicatesQueryOptions = (query: DuplicatesParams) => opQuery(getDuplicates, { query }, FIGURE);

/** Near-duplicate posts of the listing, grouped (admins). */
export const useDuplicates = (query: DuplicatesParams, enabled: boolean) => useQuery({ ...duplicatesQueryOptions(query), enabled });
