import { queryOptions, useQuery } from '@tanstack/react-query';
import { DuplicateGroups } from '@listening/contract';
import { api } from '../../../api/client.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';

export const duplicatesQueryOptions = (query: Record<string, string | number>) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, 'duplicates', query], queryFn: () => api.get('clip/duplicates', { query, schema: DuplicateGroups }) });

/** Near-duplicate posts of the listing, grouped (admins, 000 §6). */
export const useDuplicates = (query: Record<string, string | number>, enabled: boolean) => useQuery({ ...duplicatesQueryOptions(query), enabled });
