import { defineOperation } from '../operation.ts';
import { AcceptWithPasswordBody, InvitationAnswer } from './model.ts';

/**
 * Accepts the invitation of an emailed link for an address without a password yet: sets the
 * password (creating the account when there is none) and makes it a contact of the client. An
 * address whose account has a password answers 409: its owner signs in to answer.
 */
export const acceptInvitationWithPassword = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/invitation/accept/password',
  summary: 'Accept an invitation by setting a password',
  tags: ['invitations'],
  access: 'public',
  body: AcceptWithPasswordBody,
  response: InvitationAnswer,
  rateLimit: 'credentials',
  errors: [409],
});
