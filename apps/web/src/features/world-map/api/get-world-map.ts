import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getWorldMapCluster, getWorldMapCountries } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

// Under the analytics root: rating or rejecting in the tray refreshes the map.
export const countriesOptions = (params: AnalyticParams) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, getWorldMapCountries.path, params],
    queryFn: () => call(getWorldMapCountries, { query: params }),
    placeholderData: keepPreviousData,
  });
export const clusterOptions = (params: AnalyticParams) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, getWorldMapCluster.path, params],
    queryFn: () => call(getWorldMapCluster, { query: params }),
    placeholderData: keepPreviousData,
  });

export const useWorldMapCountries = (params: AnalyticParams) => useQuery(countriesOptions(params));
export const useWorldMapCluster = (params: AnalyticParams) => useQuery(clusterOptions(params));
