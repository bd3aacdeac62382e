import { queryOptions, useQuery } from '@tanstack/react-query';
import { SortBinTree } from '@listening/contract';
import { api } from '../../../api/client.ts';
import type { AnalyticParams } from '../../project-shell/filter.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';

// The tree is always the project's, also while the dashboard is scoped to one of its bins.
export const subfoldersQueryOptions = ({ binId: _scope, ...params }: AnalyticParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, 'subfolder/getall/treeview', params], queryFn: () => api.get('subfolder/getall/treeview', { query: { ...params }, schema: SortBinTree }) });

/** The sort-bin tree with each bin's clip count; input bins have BinTypeId 6. */
export const useSubfolders = (params: AnalyticParams) => useQuery(subfoldersQueryOptions(params));
