import { useQuery } from '@tanstack/react-query';
import { getFavourability } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

export const favourabilityQueryOptions = (params: AnalyticParams) => opQuery(getFavourability, { query: params }, FIGURE);

/** Posts per favourability: the donut. */
export const useFavourability = (params: AnalyticParams) => useQuery(favourabilityQueryOptions(params));
