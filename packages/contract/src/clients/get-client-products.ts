import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { ProductList } from './model.ts';

export const ClientIdParams = z.object({ clientId: zId });

/** The product codes the client owns: they unlock the gated side-menu items. */
export const getClientProducts = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/client/products/:clientId',
  summary: 'Product codes the client owns',
  tags: ['clients'],
  access: 'user',
  params: ClientIdParams,
  response: ProductList,
});
