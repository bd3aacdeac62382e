import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSubBins } from '@listening/contract';
import { call } from '../../../api/client.ts';

export const subBinsQueryOptions = (projectId: number, binTypeId: number) =>
  queryOptions({ queryKey: [listSubBins.path, projectId, binTypeId], queryFn: () => call(listSubBins, { query: { projectId, binTypeId } }) });

/** A project's sort bins (2) or input bins (6), parents before children, with their rules and counts. */
export const useSubBins = (projectId: number, binTypeId: number, enabled = true) => useQuery({ ...subBinsQueryOptions(projectId, binTypeId), enabled });
