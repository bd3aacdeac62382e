import { defineOperation } from '../operation.ts';
import { AnswerInvitationBody, InvitationAnswer } from './model.ts';

/** Accepts (Accept true: the user becomes a contact of the client) or declines an invitation addressed to the signed-in user. */
export const answerInvitation = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/invitation/answer',
  summary: 'Accept or decline an invitation',
  tags: ['invitations'],
  access: 'user',
  body: AnswerInvitationBody,
  response: InvitationAnswer,
  errors: [409],
});
