import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFavourability } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

export const favourabilityQueryOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, getFavourability.path, params], queryFn: () => call(getFavourability, { query: params }) });

/** Posts per favourability: the donut. */
export const useFavourability = (params: AnalyticParams) => useQuery(favourabilityQueryOptions(params));
