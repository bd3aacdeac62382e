import { useQuery } from '@tanstack/react-query';
import { listSubBins } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

/**
 * The list of one kind of bin (sort 2, input 6), each bin's posts counted over the Filter's range
 * and streams; every bin of the project is listed, whatever bin the Filter names.
 */
export const subBinsQueryOptions = (projectId: number, params: AnalyticParams, binTypeId: number) => {
  const { binId: _scope, ...filter } = params;
  const query = { ...filter, projectId, binTypeId };
  return opQuery(listSubBins, { query });
};

/** A project's sort bins (2) or input bins (6), parents before children, with their rules and their posts over the Filter. */
export const useSubBins = (projectId: number, params: AnalyticParams, binTypeId: number, enabled = true) =>
  useQuery({ ...subBinsQueryOptions(projectId, params, binTypeId), enabled });
