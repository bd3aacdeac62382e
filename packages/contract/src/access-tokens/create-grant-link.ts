import { defineOperation } from '../operation.ts';
import { GrantTarget, GrantUrl } from './model.ts';

/**
 * An admin's link to send to the client: opened without a session, it starts a grant for that
 * project and stream only (openGrantLink). Signed; valid for 7 days; usable until then.
 */
export const createGrantLink = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/accesstoken/grant/link',
  summary: 'A grant link to send to the client',
  tags: ['access-tokens'],
  access: 'admin',
  body: GrantTarget,
  response: GrantUrl,
  errors: [409],
});
