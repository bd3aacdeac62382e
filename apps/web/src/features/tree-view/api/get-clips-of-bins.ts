import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getClipBins, type ClipsOfBins } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { opKey, tagMeta } from '../../../api/op-query.ts';

export interface ClipsOfBinsParams {
  binIds: number[];
  startDate: string;
  endDate: string;
  streamIds: string;
  limit?: number;
}

// A figure: rating or rejecting in the tray refreshes it. With binIds the operation answers the
// clips and their count (ClipsOfBins), hence the narrowed answer.
export const clipsOfBinsOptions = (p: ClipsOfBinsParams) => {
  const input = { query: { ...p, binIds: p.binIds.join(',') } };
  return queryOptions({
    queryKey: opKey(getClipBins, input),
    queryFn: async () => (await call(getClipBins, input)) as ClipsOfBins,
    meta: tagMeta('analytics'),
    placeholderData: keepPreviousData,
    enabled: p.binIds.length > 0,
  });
};

/** The newest clips of the bins in the range and streams, and their count. */
export const useClipsOfBins = (p: ClipsOfBinsParams) => useQuery(clipsOfBinsOptions(p));
