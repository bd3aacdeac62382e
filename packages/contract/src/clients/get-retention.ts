import { defineOperation } from '../operation.ts';
import { ClientIdParams } from './get-client-products.ts';
import { ClientRetention } from './retention.ts';

/** How long the client's posts are kept, and the retention job's last run (admins). */
export const getClientRetention = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/client/:clientId/retention',
  summary: "A client's post retention and what its last run removed",
  tags: ['clients'],
  access: 'admin',
  params: ClientIdParams,
  response: ClientRetention,
});
