import { defineOperation } from '../operation.ts';
import { StopClientModelBody, StopClientModelResult } from './model.ts';

export const stopClientSentimentModel = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/admin/sentiment/stop',
  summary:
    "Stops using a client's adaptation in use: it is kept, not used, with who stopped it, and the client's unrated posts are re-scored with the shipped model",
  tags: ['admin'],
  access: 'admin',
  body: StopClientModelBody,
  response: StopClientModelResult,
});
