// Invitations as their invitee answers them. A client's contact manager invites an email address
// (modules/contacts/service.ts `add`); nothing of an account is linked until the person behind the
// address accepts: signed in as themselves (answer), or, for an address without a password yet,
// by choosing one from the emailed link (acceptWithPassword), which proves they read that mail.
// Administrators see every client already and are never made contacts; an act-as session answers
// nothing on the contact's behalf.
import { INVITATION_MESSAGES, MESSAGES, type OperationResult, type ParsedInput, type ReceivedInvitation } from '@listening/contract';
import type * as C from '@listening/contract';
import { audit } from '../../audit/index.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../errors.ts';
import { hashToken, type AuthUser } from '../../plugins/auth.ts';
import { clearFailures } from './lockout.ts';
import { passwordProblem } from './password-quality.ts';
import { hashPassword } from './passwords.ts';
import * as q from './queries.ts';

function toReceived(r: q.OpenInvitationRow): ReceivedInvitation {
  return {
    Id: r.id,
    ClientName: r.clientName,
    InvitedBy: r.inviterIsAdmin || r.inviterName === null ? 'Your service provider' : `${r.inviterName} ${r.inviterSurname ?? ''}`.trim(),
    Email: r.email,
    SentAt: r.sentAt.toISOString(),
    ExpiresAt: r.expiresAt.toISOString(),
  };
}

async function myEmail(db: Db, user: AuthUser): Promise<string> {
  const u = await q.accountEmail(db, user.id);
  return u.email;
}

/** The open invitations to the signed-in user's address; none for an administrator or an act-as session. */
export async function mine(db: Db, user: AuthUser): Promise<OperationResult<typeof C.getMyInvitations>> {
  if (user.isAdmin || user.actingAdminId !== null) return [];
  return (await q.invitationsForEmail(db, await myEmail(db, user))).map(toReceived);
}

/** Accepts or declines an invitation addressed to the signed-in user; another's answers 404, as an unknown id. */
export async function answer(db: Db, user: AuthUser, id: number, accept: boolean): Promise<OperationResult<typeof C.answerInvitation>> {
  if (user.actingAdminId !== null) throw forbidden(INVITATION_MESSAGES.actAs);
  const email = await myEmail(db, user);
  const invitation = await q.invitationForEmail(db, id, email);
  if (!invitation) throw notFound(INVITATION_MESSAGES.notYours);
  if (accept && user.isAdmin) throw new HttpError(409, INVITATION_MESSAGES.adminsSeeAll);
  await db.transaction().execute(async (trx) => {
    if (!(await q.answerInvitation(trx, id, user.id, accept))) throw notFound(INVITATION_MESSAGES.notYours);
    if (accept) await q.linkContact(trx, invitation.clientId, user.id);
    await audit(trx, {
      actor: user,
      action: accept ? 'invitation.accept' : 'invitation.decline',
      target: `invitation:${id}`,
      detail: { clientId: invitation.clientId },
    });
  });
  return accept
    ? { Message: INVITATION_MESSAGES.accepted(invitation.clientName), ClientId: invitation.clientId }
    : { Message: INVITATION_MESSAGES.declined(invitation.clientName) };
}

/** The invitation of a link's token; 400 for a wrong, answered or expired one. */
async function byToken(db: Db, token: string): Promise<q.OpenInvitationRow> {
  const invitation = await q.invitationByToken(db, hashToken(token));
  if (!invitation) throw badRequest(INVITATION_MESSAGES.invalidLink);
  return invitation;
}

/** What the emailed link opens: the invitation and whether its address already signs in with a password. */
export async function open(db: Db, token: string): Promise<OperationResult<typeof C.openInvitation>> {
  const invitation = await byToken(db, token);
  const account = await q.accountByEmail(db, invitation.email);
  return { ...toReceived(invitation), HasAccount: !!account?.password_hash };
}

/**
 * Accepts by the emailed link, choosing a password: for an address with no account (created now,
 * with the name, surname and phone the client typed) or an account without a password. An
 * account that has a password answers 409: its owner signs in to answer. The password is checked
 * as at password setup (password-quality.ts), after the token, and hashed only then.
 */
export async function acceptWithPassword(
  db: Db,
  body: ParsedInput<typeof C.acceptInvitationWithPassword>['body'],
): Promise<OperationResult<typeof C.acceptInvitationWithPassword>> {
  if (body.Password !== body.PasswordConfirm) throw badRequest(MESSAGES.passwordsDoNotMatch);
  const invitation = await byToken(db, body.Token);
  const account = await q.accountByEmail(db, invitation.email);
  if (account?.is_admin) throw new HttpError(409, INVITATION_MESSAGES.adminsSeeAll);
  if (account?.password_hash) throw new HttpError(409, INVITATION_MESSAGES.signInToAnswer);
  const problem = passwordProblem(body.Password, invitation.email);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(body.Password);
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    let id: number;
    if (account) {
      // Set only if still without one: a password chosen meanwhile (another link) is not overwritten.
      if (!(await q.setPasswordIfNone(trx, account.id, passwordHash))) throw new HttpError(409, INVITATION_MESSAGES.signInToAnswer);
      id = account.id;
    } else {
      const { name, surname, phone, email } = invitation;
      id = (await q.insertAccount(trx, { email, name, surname, phone, password_hash: passwordHash })).id;
    }
    // Taken once: of two calls with the same link, the second finds it answered (and rolls back).
    if (!(await q.answerInvitation(trx, invitation.id, id, true))) throw badRequest(INVITATION_MESSAGES.invalidLink);
    await q.linkContact(trx, invitation.clientId, id);
    await q.voidSetupLinks(trx, id, now);
    await audit(trx, {
      actor: null,
      action: 'invitation.accept',
      target: `invitation:${invitation.id}`,
      detail: { clientId: invitation.clientId, userId: id, newAccount: !account },
    });
  });
  await clearFailures(db, invitation.email);
  return { Message: `${INVITATION_MESSAGES.accepted(invitation.clientName)}. ${MESSAGES.passwordSet}`, ClientId: invitation.clientId };
}
