import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCompetitors } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

/** The donut compares whole projects: the dashboard's sub-bin, if any, is not sent. */
export const competitorsOptions = (params: AnalyticParams) => {
  const { binId: _bin, ...query } = params;
  return queryOptions({
    queryKey: [...ANALYTICS_KEY, getCompetitors.path, query],
    queryFn: () => call(getCompetitors, { query: { ...query, projectId: query.projectId! } }),
  });
};

export const useCompetitors = (params: AnalyticParams) => useQuery(competitorsOptions(params));
