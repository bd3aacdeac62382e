import { defineOperation } from '../operation.ts';
import { Categories } from './model.ts';

/** Step 1's project types. */
export const getProjectCategories = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/client/dropdowns/category',
  summary: 'Project types',
  tags: ['wizard'],
  access: 'admin',
  response: Categories,
});
