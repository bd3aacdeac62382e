import { defineOperation } from '../operation.ts';
import { ClientIdParams } from './get-client-products.ts';
import { ClientRetention, UpdateRetentionBody } from './retention.ts';

/** Sets how many months of posts the client keeps (null: for ever); a shorter setting is applied by a run queued at once (admins). */
export const updateClientRetention = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/client/:clientId/retention',
  summary: "Change how many months of a client's posts are kept",
  tags: ['clients'],
  access: 'admin',
  params: ClientIdParams,
  body: UpdateRetentionBody,
  response: ClientRetention,
});
