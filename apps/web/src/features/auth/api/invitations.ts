// A person's own invitations (to become a contact of a client) and the confirmation of a new email.
import { useQuery } from '@tanstack/react-query';
import {
  acceptInvitationWithPassword as acceptWithPasswordOp,
  answerInvitation as answerOp,
  confirmEmailChange as confirmEmailChangeOp,
  getMyInvitations,
  openInvitation as openOp,
  type OperationInput,
} from '@listening/contract';
import { call } from '../../../api/client.ts';
import { opQuery } from '../../../api/op-query.ts';
import { useSessionToken } from './session.ts';

export const myInvitationsQueryOptions = () => opQuery(getMyInvitations, {}, { staleTime: 60_000, call: { quiet: true } });

/** The open invitations addressed to the signed-in user. */
export function useMyInvitations() {
  const token = useSessionToken();
  return useQuery({ ...myInvitationsQueryOptions(), enabled: !!token });
}

export const answerInvitation = (Id: number, Accept: boolean) => call(answerOp, { body: { Id, Accept } });

/** The invitation of an emailed link; its errors are the page's to show. */
export const openInvitation = (Token: string) => call(openOp, { body: { Token } }, { quiet: true });

export const acceptInvitationWithPassword = (body: OperationInput<typeof acceptWithPasswordOp>['body']) =>
  call(acceptWithPasswordOp, { body }, { quiet: true });

export const confirmEmailChange = (Token: string) => call(confirmEmailChangeOp, { body: { Token } }, { quiet: true });
