import { defineOperation } from '../operation.ts';
import { SortBinTree, SubfolderQuery } from './model.ts';

export const getBinsOfType = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/subfolder/getall/bintype',
  summary: 'Bins of one type (2 sort, 6 input) with clips in range',
  tags: ['dashboard'],
  access: 'user',
  query: SubfolderQuery,
  response: SortBinTree,
});
