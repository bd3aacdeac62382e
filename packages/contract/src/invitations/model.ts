// Shapes of invitations as their invitee sees them: a client's invitation to an email address,
// answered by the person behind it (docs/contacts-and-agreements.md, "Invitations").
import { z } from 'zod';
import { zId } from '../common.ts';

/** An invitation addressed to the signed-in user's email, or opened by its emailed link. */
export const ReceivedInvitation = z.object({
  Id: z.number(),
  ClientName: z.string(),
  /** Who sent it: the inviting contact's name, or the provider's when an administrator did. */
  InvitedBy: z.string(),
  Email: z.string(),
  SentAt: z.string(),
  ExpiresAt: z.string(),
});
export type ReceivedInvitation = z.infer<typeof ReceivedInvitation>;

export const ReceivedInvitationList = z.array(ReceivedInvitation);

export const AnswerInvitationBody = z.object({
  Id: zId,
  Accept: z.boolean({ error: 'Accept must be true or false' }),
});

export const InvitationTokenBody = z.object({
  Token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200, 'Token is not valid'),
});

/**
 * What the emailed link opens: the invitation, and whether its address already has an account
 * with a password (then the person signs in to answer) or not (then they set a password here).
 * Only the holder of the link, who reads that address's mail, learns it.
 */
export const OpenedInvitation = ReceivedInvitation.extend({ HasAccount: z.boolean() });

export const AcceptWithPasswordBody = InvitationTokenBody.extend({
  Password: z.string({ error: 'Password is required' }).min(8, 'Password must be at least 8 characters'),
  PasswordConfirm: z.string({ error: 'PasswordConfirm is required' }),
});

export const InvitationAnswer = z.object({ Message: z.string(), ClientId: z.number().optional() });

export const INVITATION_MESSAGES = {
  invalidLink: 'This invitation link is invalid or has expired',
  notYours: 'This invitation is not addressed to you',
  signInToAnswer: 'This address already has an account: sign in to answer the invitation',
  adminsSeeAll: 'Administrators already see every client: an administrator cannot become a contact',
  actAs: 'An invitation is answered by its invitee, not from an act-as session',
  accepted: (client: string) => `You are now a contact of ${client}`,
  declined: (client: string) => `Invitation to ${client} declined`,
} as const;
