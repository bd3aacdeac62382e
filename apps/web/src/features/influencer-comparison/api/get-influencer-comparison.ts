import { useQuery } from '@tanstack/react-query';
import { getInfluencerComparison } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

export const influencerComparisonQueryOptions = (params: AnalyticParams, ids: readonly number[]) =>
  // The specification's names for the same filter: fromDate, endDate, influencers.
  opQuery(
    getInfluencerComparison,
    { query: { influencers: ids.join(','), fromDate: params.startDate, endDate: params.endDate, projectId: params.projectId!, streamIds: params.streamIds } },
    FIGURE,
  );

/** Loads only when there are ids and streams to compare (docs/spec/001_57268dddd5f58f8a.txt section 4). */
export const useInfluencerComparison = (params: AnalyticParams, ids: readonly number[]) =>
  useQuery({ ...influencerComparisonQueryOptions(params, ids), enabled: ids.length > 0 && !!params.streamIds && params.projectId !== undefined });
