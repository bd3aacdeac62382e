import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getWorldMapCluster, getWorldMapCountries } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

// Figures: rating or rejecting in the tray refreshes the map.
export const countriesOptions = (params: AnalyticParams) => ({
  ...opQuery(getWorldMapCountries, { query: params }, FIGURE),
  placeholderData: keepPreviousData,
});
export const clusterOptions = (params: AnalyticParams) => ({ ...opQuery(getWorldMapCluster, { query: params }, FIGURE), placeholderData: keepPreviousData });

export const useWorldMapCountries = (params: AnalyticParams) => useQuery(countriesOptions(params));
export const useWorldMapCluster = (params: AnalyticParams) => useQuery(clusterOptions(params));
