import { useQuery } from '@tanstack/react-query';
import { getResponseTimes } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

/** Response times of the posts to the project's own accounts, for the project's chosen wait. */
export const useResponseTimes = (params: AnalyticParams) => useQuery(opQuery(getResponseTimes, { query: params }, FIGURE));
