import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCollectionStats } from '@listening/contract';
import { call } from '../../../api/client.ts';

export const collectionStatsQueryOptions = () => queryOptions({ queryKey: [getCollectionStats.path], queryFn: () => call(getCollectionStats, {}) });

/** What the connectors collected, per project and connector kind (admins only, on the server). */
export const useCollectionStats = (enabled: boolean) => useQuery({ ...collectionStatsQueryOptions(), enabled });
