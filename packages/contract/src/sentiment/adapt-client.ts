import { defineOperation } from '../operation.ts';
import { AdaptClientBody, AdaptClientResult } from './model.ts';

export const adaptClientSentiment = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/admin/sentiment/adapt',
  summary: "Queues the adaptation of a client's sentiment model now, whatever its count of new ratings (the scheduled job's code)",
  tags: ['admin'],
  access: 'admin',
  body: AdaptClientBody,
  response: AdaptClientResult,
});
