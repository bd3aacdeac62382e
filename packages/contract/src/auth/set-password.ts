import { z } from 'zod';
import { MAX_ID } from '../common.ts';
import { defineOperation } from '../operation.ts';

/** Password setup: the CRM call takes IDUser, Password, PasswordConfirm, plus the one-time token of the emailed link. */
export const PasswordSetBody = z.object({
  IDUser: z.number({ error: 'IDUser is required' }).int().positive().max(MAX_ID, 'IDUser is not a user id'),
  Token: z.string({ error: 'Token is required' }).min(1, 'Token is required'),
  Password: z.string({ error: 'Password is required' }).min(8, 'Password must be at least 8 characters'),
  PasswordConfirm: z.string({ error: 'PasswordConfirm is required' }),
});
export const MessageResponse = z.object({ Message: z.string() });

/**
 * The emailed link's one-time token goes with the contact id: an id alone sets nothing. A wrong
 * token and an unknown id answer the same 400, so the answer tells no id exists.
 */
export const setPassword = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/user/password/set',
  summary: 'Set a password with the one-time token of the emailed link',
  tags: ['auth'],
  access: 'public',
  body: PasswordSetBody,
  response: MessageResponse,
  rateLimit: 'credentials',
});
