import { defineOperation } from '../operation.ts';
import { ProductRequestBody, ProductRequestResult } from './model.ts';

export const requestProduct = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/product/request',
  summary: "Ask for a locked product for a project: recorded once a day, and the provider's admins are told (bell and mail)",
  tags: ['products'],
  access: 'user',
  body: ProductRequestBody,
  response: ProductRequestResult,
  /** 409: the project already has the product. */
  errors: [409],
});
