import { z } from 'zod';
import { defineOperation } from '../operation.ts';

/** How many sessions were ended. */
export const LogoutAllResponse = z.object({ Revoked: z.number() });

/**
 * 'Log out everywhere': revokes every session of the signed-in user, this one included, on every
 * device. Refused (403) in an admin's act-as session: it would end the contact's own sessions.
 */
export const logoutAll = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/user/logout/all',
  summary: "Revoke every session of the signed-in user ('log out everywhere')",
  tags: ['auth'],
  access: 'user',
  response: LogoutAllResponse,
});
