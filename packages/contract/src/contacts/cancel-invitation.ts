import { defineOperation } from '../operation.ts';
import { CancelInvitationQuery, ContactChangeResult } from './model.ts';

/** Withdraws an invitation the client sent and that is not yet answered (its link stops working). */
export const cancelInvitation = defineOperation({
  host: 'crm',
  method: 'DELETE',
  path: '/api/contact/invitation',
  summary: 'Cancel an invitation to become a contact of a client',
  tags: ['contacts'],
  access: 'user',
  query: CancelInvitationQuery,
  response: ContactChangeResult,
});
