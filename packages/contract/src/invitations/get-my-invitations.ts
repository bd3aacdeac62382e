import { defineOperation } from '../operation.ts';
import { ReceivedInvitationList } from './model.ts';

/** The open invitations addressed to the signed-in user's email. */
export const getMyInvitations = defineOperation({
  host: 'crm',
  method: 'GET',
  path: '/api/invitation/mine',
  summary: 'My open invitations',
  tags: ['invitations'],
  access: 'user',
  response: ReceivedInvitationList,
});
