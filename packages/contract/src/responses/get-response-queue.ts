import { defineOperation } from '../operation.ts';
import { ResponseQueue, ResponseQueueQuery } from './model.ts';

/** The project's response queue: unanswered first, oldest first, then the closed ones, with the response-time figures. */
export const getResponseQueue = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/responses',
  summary: "Posts to the project's own accounts that ask, complain or request, whether they were answered, and response times",
  tags: ['responses'],
  access: 'user',
  query: ResponseQueueQuery,
  response: ResponseQueue,
});
