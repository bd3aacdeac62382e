import { queryOptions, useQuery } from '@tanstack/react-query';
import { FavourabilityList } from '@listening/contract';
import { api } from '../../../api/client.ts';
import type { AnalyticParams } from '../../project-shell/filter.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';

export const favourabilityQueryOptions = (params: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, 'favourability/getall', params], queryFn: () => api.get('favourability/getall', { query: { ...params }, schema: FavourabilityList }) });

/** Posts per favourability: the donut. */
export const useFavourability = (params: AnalyticParams) => useQuery(favourabilityQueryOptions(params));
