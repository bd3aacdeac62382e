import { defineOperation } from '../operation.ts';
import { ClientSentimentModels } from './model.ts';

export const getClientSentimentModels = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/admin/sentiment/models',
  summary: "Each client's ratings and own sentiment model: base against adapted accuracy on held-back ratings, and why one is not used",
  tags: ['admin'],
  access: 'admin',
  response: ClientSentimentModels,
});
