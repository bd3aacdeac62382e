import { useQuery } from '@tanstack/react-query';
import { getSortBinTree, type SortBinNode } from '@listening/contract';
import { FIGURE, opQuery } from '../../../api/op-query.ts';
import type { AnalyticParams } from '../../../project/filter.ts';

export interface SubBinOption {
  value: string;
  label: string;
}

/** The tree flattened for a picker: each bin under its parents' names (Product mentions › Pricing). */
export const subBinOptions = (nodes: readonly SortBinNode[], path: string[] = []): SubBinOption[] =>
  nodes.flatMap((n) => [{ value: String(n.Id), label: [...path, n.Name].join(' › ') }, ...subBinOptions(n.Children, [...path, n.Name])]);

/**
 * The project's sub-bins (sort and input bins), read over the whole project whatever bin is
 * chosen; not read at all when the project has no Sort Bins product (`enabled` false).
 */
export function useSubBins(params: AnalyticParams, enabled: boolean) {
  const { binId: _scope, ...query } = params;
  return useQuery({
    ...opQuery(getSortBinTree, { query }, FIGURE),
    select: (tree) => subBinOptions(tree),
    enabled,
  });
}
