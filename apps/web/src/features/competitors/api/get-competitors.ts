import { useQuery } from '@tanstack/react-query';
import { getCompetitors } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

/** The donut compares whole projects: the dashboard's sub-bin, if any, is not sent. */
export const competitorsOptions = (params: AnalyticParams) => {
  const { binId: _bin, ...query } = params;
  return opQuery(getCompetitors, { query: { ...query, projectId: query.projectId! } }, FIGURE);
};

export const useCompetitors = (params: AnalyticParams) => useQuery(competitorsOptions(params));
