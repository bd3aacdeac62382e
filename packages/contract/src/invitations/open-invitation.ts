import { defineOperation } from '../operation.ts';
import { InvitationTokenBody, OpenedInvitation } from './model.ts';

/** The invitation of an emailed link (its token), for the page that answers it. A wrong or expired token answers 400. */
export const openInvitation = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/invitation/open',
  summary: 'Read the invitation of an emailed link',
  tags: ['invitations'],
  access: 'public',
  body: InvitationTokenBody,
  response: OpenedInvitation,
  rateLimit: 'credentials',
});
