import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getClipBins, type ClipsOfBins } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

export interface ClipsOfBinsParams {
  binIds: number[];
  startDate: string;
  endDate: string;
  streamIds: string;
  limit?: number;
}

// Under the analytics root: rating or rejecting in the tray refreshes it.
export const clipsOfBinsOptions = (p: ClipsOfBinsParams) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, getClipBins.path, p],
    queryFn: async () => (await call(getClipBins, { query: { ...p, binIds: p.binIds.join(',') } })) as ClipsOfBins,
    placeholderData: keepPreviousData,
    enabled: p.binIds.length > 0,
  });

/** The newest clips of the bins in the range and streams, and their count. */
export const useClipsOfBins = (p: ClipsOfBinsParams) => useQuery(clipsOfBinsOptions(p));
