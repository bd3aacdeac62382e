import { useQuery } from '@tanstack/react-query';
import { getSortBinTree, type SortBinNode } from '@listening/contract';
import { FIGURE, opQuery } from '../../api/op-query.ts';
import type { AnalyticParams } from '../filter.ts';

/** A sub-bin of the project as the header names it. */
export interface ProjectBin {
  Id: number;
  Name: string;
  BinTypeId: number;
}

const flatten = (nodes: readonly SortBinNode[]): ProjectBin[] =>
  nodes.flatMap(({ Id, Name, BinTypeId, Children }) => [{ Id, Name, BinTypeId }, ...flatten(Children)]);

/**
 * The project's sub-bins, read only while the address names a bin, so the shell can tell a bin of
 * this project from one that is not (which every figure would refuse) and name it in the header.
 */
export function useProjectBins(params: AnalyticParams | null) {
  const query = params ? (({ binId: _scope, ...rest }: AnalyticParams) => rest)(params) : null;
  return useQuery({
    ...opQuery(getSortBinTree, { query: query! }, FIGURE),
    enabled: !!query,
    select: flatten,
  });
}
