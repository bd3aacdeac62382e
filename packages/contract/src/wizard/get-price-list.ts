import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { PriceListQuery, ProductType } from './model.ts';

/** Step 4's priced product list: headers with their products. */
export const getPriceList = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/productlist/populate/full',
  summary: 'The priced product list (ZAR)',
  tags: ['wizard'],
  access: 'admin',
  query: PriceListQuery,
  response: z.array(ProductType),
});
