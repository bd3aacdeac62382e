import { defineOperation } from '../operation.ts';
import { GrantStarted, GrantTarget } from './model.ts';

/**
 * Starts a grant: the network's authorisation URL, carrying a signed, single-use state that expires
 * in 10 minutes and is bound to the client, project, stream (and profile on a re-grant), and to
 * the caller: only their session, sending back the answered `browserNonce`, completes it. 409 when
 * the network's linking is not configured on this server.
 */
export const startGrant = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/accesstoken/grant/start',
  summary: 'Start linking an account: the authorisation URL',
  tags: ['access-tokens'],
  access: 'user',
  body: GrantTarget,
  response: GrantStarted,
  errors: [409],
});
