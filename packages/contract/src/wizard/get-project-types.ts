import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { Option, ProjectTypesQuery } from './model.ts';

/** Project types by parent id: 0 the types, a type's id its sub-products. */
export const getProjectTypes = defineOperation({
  host: 'crm',
  method: 'GET',
  path: '/api/projecttype/getall',
  summary: 'Project types or a type’s sub-products',
  tags: ['wizard'],
  access: 'admin',
  query: ProjectTypesQuery,
  response: z.array(Option),
});
