import { useQuery } from '@tanstack/react-query';
import { getSortBinTree } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

// The tree is always the project's, also while the dashboard is scoped to one of its bins.
export const subfoldersQueryOptions = ({ binId: _scope, ...params }: AnalyticParams) => opQuery(getSortBinTree, { query: params }, FIGURE);

/** The sort-bin tree with each bin's clip count; input bins have BinTypeId 6. */
export const useSubfolders = (params: AnalyticParams) => useQuery(subfoldersQueryOptions(params));
