import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { InvitationTokenBody } from '../invitations/model.ts';

export const EMAIL_CHANGE_MESSAGES = {
  invalidLink: 'This email change link is invalid or has expired',
  taken: (email: string) => `The email ${email} already belongs to another account: the change was not made`,
  confirmNew: (email: string) => `Confirmed. To finish, open the link just sent to ${email}: the email changes once that address confirms it too`,
  done: (email: string) => `Your email is now ${email}. Sign in again with it.`,
} as const;

/** Changed: false after the old address's confirmation (the new address's link is on its way), true once made. */
export const EmailChangeAnswer = z.object({ Message: z.string(), Changed: z.boolean() });

/**
 * Confirms a change of an account's email: first from the link mailed to its old address (which
 * sends a second link to the new one), then from the new address's link, which makes the change.
 * The change ends every session and open setup link of the account and is told to both addresses.
 */
export const confirmEmailChange = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/user/email/confirm',
  summary: 'Confirm a new email, from the old address and then from the new one',
  tags: ['auth'],
  access: 'public',
  body: InvitationTokenBody,
  response: EmailChangeAnswer,
  rateLimit: 'credentials',
  errors: [409],
});
