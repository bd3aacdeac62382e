import { describe, expect, it } from 'vitest';
import { treeClipCount } from './sortbins.ts';

const tree = [
  { Id: 2, Name: 'Product mentions', ClipCount: 5, BinTypeId: 2, Children: [{ Id: 3, Name: 'Pricing', ClipCount: 2, BinTypeId: 2, Children: [] }] },
  { Id: 4, Name: 'Manual uploads', ClipCount: 0, BinTypeId: 6, Children: [] },
];

describe('the sort-bin tree', () => {
  it('counts clips at every level', () => {
    expect(treeClipCount(tree)).toBe(7);
    expect(treeClipCount([])).toBe(0);
  });
});
