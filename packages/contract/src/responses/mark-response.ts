import { OkResponse } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { MarkResponseBody } from './model.ts';

/** Marks a post of the queue by hand: answered, no reply needed, or open again. */
export const markResponse = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/responses/mark',
  summary: 'Mark a post of the response queue answered, no reply needed, or open again',
  tags: ['responses'],
  access: 'user',
  body: MarkResponseBody,
  response: OkResponse,
  errors: [404],
});
