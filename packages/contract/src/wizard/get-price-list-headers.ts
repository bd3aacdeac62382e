import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { Option } from './model.ts';

export const getPriceListHeaders = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/productlist/headers/populate',
  summary: 'The headers of the product list',
  tags: ['wizard'],
  access: 'admin',
  response: z.array(Option),
});
