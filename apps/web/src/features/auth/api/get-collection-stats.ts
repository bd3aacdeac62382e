import { useQuery } from '@tanstack/react-query';
import { getCollectionStats } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

export const collectionStatsQueryOptions = () => opQuery(getCollectionStats, {});

/** What the connectors collected, per project and connector kind (admins only, on the server). */
export const useCollectionStats = (enabled: boolean) => useQuery({ ...collectionStatsQueryOptions(), enabled });
