import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { ProductList } from '../clients/model.ts';

export const ProjectIdParams = z.object({ id: zId });

export const getProjectProducts = defineOperation({
  host: 'crm',
  method: 'GET',
  path: '/api/project/:id/products',
  summary: "Product codes of the project's client",
  tags: ['projects'],
  access: 'user',
  params: ProjectIdParams,
  response: ProductList,
});
