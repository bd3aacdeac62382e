import { defineOperation } from '../operation.ts';
import { InvitationTokenBody } from '../invitations/model.ts';
import { MessageResponse } from './set-password.ts';

export const EMAIL_CHANGE_MESSAGES = {
  invalidLink: 'This email change link is invalid or has expired',
  taken: (email: string) => `The email ${email} already belongs to another account: the change was not made`,
  done: (email: string) => `Your email is now ${email}. Sign in again with it.`,
} as const;

/**
 * Confirms a change of an account's email from the link mailed to its old address. The change
 * ends every session and open setup link of the account and is told to both addresses.
 */
export const confirmEmailChange = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/user/email/confirm',
  summary: 'Confirm a new email from the link sent to the old one',
  tags: ['auth'],
  access: 'public',
  body: InvitationTokenBody,
  response: MessageResponse,
  rateLimit: 'credentials',
  errors: [409],
});
