import { defineOperation } from '../operation.ts';
import { DuplicateGroups, DuplicatesQuery } from './model.ts';

/** 'Identify duplicates': near-duplicate posts of the listing, for administrators. */
export const getDuplicates = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/clip/duplicates',
  summary: 'Near-duplicate posts grouped (admins)',
  tags: ['clips'],
  access: 'admin',
  query: DuplicatesQuery,
  response: DuplicateGroups,
});
