import type { SortBinNode } from '@listening/contract';

/** Clips counted anywhere in the tree: zero means 'No clips found for subfolders'. */
export const treeClipCount = (nodes: readonly SortBinNode[]): number => nodes.reduce((s, n) => s + n.ClipCount + treeClipCount(n.Children), 0);
