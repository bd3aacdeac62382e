// A new email for an account takes effect only when confirmed from its old address: a contact
// manager asks for it (modules/contacts/service.ts `save`), the link goes to the address the
// account signs in with now, and its owner confirms. The change ends every session and open
// password-setup link of the account (whoever held them held them for the old address) and is
// told to both addresses.
import { EMAIL_CHANGE_MESSAGES, type OperationResult } from '@listening/contract';
import type * as C from '@listening/contract';
import { audit } from '../../audit/index.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError, badRequest } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { hashToken } from '../../plugins/auth.ts';
import * as q from './queries.ts';

export async function confirmEmailChange(db: Db, mailer: Mailer, publicUrl: string, token: string): Promise<OperationResult<typeof C.confirmEmailChange>> {
  const change = await q.emailChangeByToken(db, hashToken(token));
  if (!change) throw badRequest(EMAIL_CHANGE_MESSAGES.invalidLink);
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
  const login = `${publicUrl.replace(/\/$/, '')}/login`;
  const notice = (to: string) => ({
    to,
    subject: 'The email of your account was changed',
    text:
      `Hello ${change.name},\n\nThe email you sign in with was changed from ${change.oldEmail} to ${change.newEmail}, confirmed from ${change.oldEmail}. ` +
      `Every session of the account has ended: sign in again with ${change.newEmail} at ${login}\n\n` +
      'If you did not confirm this change, tell your contact manager or the provider at once.',
  });
  await mailer.send(notice(change.oldEmail));
  await mailer.send(notice(change.newEmail));
  return { Message: EMAIL_CHANGE_MESSAGES.done(change.newEmail) };
}
