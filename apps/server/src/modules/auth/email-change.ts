// A new email for an account takes effect only once both addresses confirm it: a contact manager
// asks for it (modules/contacts/service.ts `save`), a link goes to the address the account signs in
// with now, and, once its owner confirms, a second link goes to the new address. So whoever
// controls a client can neither move an account to an address of theirs (the old address must
// agree) nor move it to an address its owner does not read (the new one must agree), and the first
// confirmation answers alike whether or not the new address has an account: which addresses exist
// is told only to whoever reads the new one. The change ends every session and open password-setup
// link of the account (whoever held them held them for the old address) and is told to both.
import { EMAIL_CHANGE_MESSAGES, type OperationResult } from '@listening/contract';
import type * as C from '@listening/contract';
import { audit } from '../../audit/index.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError, badRequest } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { hashToken, newToken } from '../../plugins/auth.ts';
import * as q from './queries.ts';

/** The new address's link lasts as long as the old one's did. */
const SECOND_LINK_TTL_MS = 86_400_000;

type Change = NonNullable<Awaited<ReturnType<typeof q.emailChangeByToken>>>;

export async function confirmEmailChange(db: Db, mailer: Mailer, publicUrl: string, token: string): Promise<OperationResult<typeof C.confirmEmailChange>> {
  const change = await q.emailChangeByToken(db, hashToken(token));
  if (!change) throw badRequest(EMAIL_CHANGE_MESSAGES.invalidLink);
  const base = publicUrl.replace(/\/$/, '');
  return change.oldConfirmedAt ? applyChange(db, mailer, base, change) : confirmOld(db, mailer, base, change);
}

/** Stage one, from the old address: the new address gets its own link, or, if another account has it, a notice. */
async function confirmOld(db: Db, mailer: Mailer, base: string, change: Change): Promise<OperationResult<typeof C.confirmEmailChange>> {
  const next = newToken();
  const taken = await db.transaction().execute(async (trx) => {
    const now = new Date();
    if (!(await q.confirmOldAddress(trx, change.id, hashToken(next), new Date(now.getTime() + SECOND_LINK_TTL_MS), now)))
      throw badRequest(EMAIL_CHANGE_MESSAGES.invalidLink);
    const inUse = await q.emailTaken(trx, change.newEmail, change.userId);
    // An address another account has can never take this change: it ends here, told only to that address.
    if (inUse) await q.useEmailChange(trx, change.id, now);
    return inUse;
  });
  await mailer.send(
    taken
      ? {
          to: change.newEmail,
          subject: 'An account asked to use your email',
          text:
            `Hello,\n\nAn account asked to sign in with ${change.newEmail}, which another account already uses. Nothing was changed. ` +
            'If you expected this, ask your contact manager to choose another address.',
        }
      : {
          to: change.newEmail,
          subject: 'Confirm your new sign-in email',
          text:
            `Hello ${change.name},\n\nYour account is moving to this address (${change.newEmail}), as confirmed from ${change.oldEmail}. ` +
            `Open this link within 24 hours to finish:\n${base}/email-change#token=${next}\n\nIf you did not expect it, ignore this message: nothing changes.`,
          secrets: [next],
        },
  );
  return { Message: EMAIL_CHANGE_MESSAGES.confirmNew(change.newEmail), Changed: false };
}

/** Stage two, from the new address: the change is made. */
async function applyChange(db: Db, mailer: Mailer, base: string, change: Change): Promise<OperationResult<typeof C.confirmEmailChange>> {
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    if (await q.emailTaken(trx, change.newEmail, change.userId)) throw new HttpError(409, EMAIL_CHANGE_MESSAGES.taken(change.newEmail));
    if (!(await q.useEmailChange(trx, change.id, now))) throw badRequest(EMAIL_CHANGE_MESSAGES.invalidLink);
    await q.voidEmailChanges(trx, change.userId, now);
    await q.setEmail(trx, change.userId, change.newEmail);
    await q.revokeSessions(trx, change.userId, now);
    await q.voidSetupLinks(trx, change.userId, now);
    await audit(trx, { actor: null, action: 'user.email_change', target: `user:${change.userId}`, detail: { from: change.oldEmail, to: change.newEmail } });
  });
  const notice = (to: string) => ({
    to,
    subject: 'The email of your account was changed',
    text:
      `Hello ${change.name},\n\nThe email you sign in with was changed from ${change.oldEmail} to ${change.newEmail}, confirmed from both addresses. ` +
      `Every session of the account has ended: sign in again with ${change.newEmail} at ${base}/login\n\n` +
      'If you did not confirm this change, tell your contact manager or the provider at once.',
  });
  await mailer.send(notice(change.oldEmail));
  await mailer.send(notice(change.newEmail));
  return { Message: EMAIL_CHANGE_MESSAGES.done(change.newEmail), Changed: true };
}
