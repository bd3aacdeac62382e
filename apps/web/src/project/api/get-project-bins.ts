import { useQuery } from '@tanstack/react-query';
import { getSortBinTree, type SortBinNode } from '@listening/contract';
import { call } from '../../api/client.ts';
import type { AnalyticParams } from '../filter.ts';
import { ANALYTICS_KEY } from '../query-keys.ts';

const ids = (nodes: readonly SortBinNode[]): number[] => nodes.flatMap((n) => [n.Id, ...ids(n.Children)]);

/**
 * The ids of the project's sub-bins, read only while the address names a bin, so the shell can
 * tell a bin of this project from one that is not (which every figure would refuse).
 */
export function useProjectBinIds(params: AnalyticParams | null) {
  const query = params ? (({ binId: _scope, ...rest }: AnalyticParams) => rest)(params) : null;
  return useQuery({
    queryKey: [...ANALYTICS_KEY, getSortBinTree.path, query],
    queryFn: () => call(getSortBinTree, { query: query! }),
    enabled: !!query,
    select: ids,
  });
}
