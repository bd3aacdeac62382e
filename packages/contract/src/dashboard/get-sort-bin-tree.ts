import { defineOperation } from '../operation.ts';
import { SortBinTree, SubfolderQuery } from './model.ts';

export const getSortBinTree = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/subfolder/getall/treeview',
  summary: 'Sort-bin tree with clips in range (Sort Bins product)',
  tags: ['dashboard'],
  access: 'user',
  query: SubfolderQuery,
  response: SortBinTree,
});
