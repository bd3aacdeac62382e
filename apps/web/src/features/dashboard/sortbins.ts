import type { SortBinNode } from '@listening/contract';

/** A bin anywhere in the tree, by id. */
export function findBin(nodes: readonly SortBinNode[], id: number): SortBinNode | null {
  for (const n of nodes) {
    if (n.Id === id) return n;
    const below = findBin(n.Children, id);
    if (below) return below;
  }
  return null;
}

/** Clips counted anywhere in the tree: zero means 'No clips found for subfolders'. */
export const treeClipCount = (nodes: readonly SortBinNode[]): number => nodes.reduce((s, n) => s + n.ClipCount + treeClipCount(n.Children), 0);
