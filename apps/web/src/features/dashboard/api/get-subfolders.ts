import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSortBinTree } from '@listening/contract';
import { call } from '../../../api/client.ts';
import type { AnalyticParams } from '../../../project/filter.ts';
import { ANALYTICS_KEY } from '../../../project/query-keys.ts';

// The tree is always the project's, also while the dashboard is scoped to one of its bins.
export const subfoldersQueryOptions = ({ binId: _scope, ...params }: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, getSortBinTree.path, params], queryFn: () => call(getSortBinTree, { query: params }) });

/** The sort-bin tree with each bin's clip count; input bins have BinTypeId 6. */
export const useSubfolders = (params: AnalyticParams) => useQuery(subfoldersQueryOptions(params));
