// Sessions and passwords: login, logout, forgot password, password setup by one-time link, act-as.
import { hash, verify } from '@node-rs/argon2';
import { MESSAGES, isSimpleEmail, type OperationResult, type ParsedInput, type User } from '@listening/contract';
import type * as C from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createSession, hashToken, newToken, type AuthUser } from '../../plugins/auth.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
// argon2id with OWASP's minimum parameters (19 MiB, 2 passes).
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON);

/** A stand-in hash so that an unknown email costs as much time as a wrong password. */
let dummyHash: Promise<string> | null = null;

/** A new session for the email and password; 401 for either wrong, alike. */
export async function login(db: Db, email: string, password: string): Promise<OperationResult<typeof C.login>> {
  const user = await db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  dummyHash ??= hashPassword('not-a-password');
  const ok = await verify(user?.password_hash ?? (await dummyHash), password).catch(() => false);
  if (!user || !user.password_hash || !ok) throw unauthorized('Invalid email or password');
  return { access_token: await createSession(db, user.id) };
}

/** Revokes the session; the answer is empty (204). */
export async function logout(db: Db, sessionId: number): Promise<null> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
  return null;
}

/** The signed-in user (id absent or their own), or another user by id: admins only. */
export async function userFor(db: Db, me: AuthUser, id = me.id): Promise<User> {
  if (id !== me.id && !me.isAdmin) throw forbidden('Only administrators may read other users');
  return getUser(db, id, id === me.id ? me.actingAdminId : null);
}

export async function getUser(db: Db, id: number, actingAdminId: number | null = null): Promise<User> {
  const u = await db.selectFrom('users').select(['id', 'name', 'surname', 'email', 'is_admin']).where('id', '=', id).executeTakeFirst();
  if (!u) throw notFound('User not found');
  return { Id: u.id, Name: u.name, Surname: u.surname, Email: u.email, IsAdmin: u.is_admin, ActingAdminId: actingAdminId };
}

/** Emails a one-time setup link. Answers the same whether or not the address is known. */
export async function forgotPassword(db: Db, mailer: Mailer, publicUrl: string, email: string): Promise<OperationResult<typeof C.forgotPassword>> {
  const user = await db.selectFrom('users').select(['id', 'name', 'email']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user) return { ok: true };
  const token = newToken();
  await db
    .insertInto('password_resets')
    .values({ user_id: user.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + RESET_TTL_MS) })
    .execute();
  const link = `${publicUrl.replace(/\/$/, '')}/password-setup/${user.id}?token=${token}`;
  await mailer.send({
    to: user.email,
    subject: 'Set your password',
    text: `Hello ${user.name},\n\nUse this link within one hour to set your password:\n${link}\n\nIf you did not ask for it, ignore this message.`,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>Use this link within one hour to set your password:</p><p><a href="${link}">Set my password</a></p><p>If you did not ask for it, ignore this message.</p>`,
  });
  return { ok: true };
}

/** Sets a password with the one-time token of the emailed link; a bare contact id is not enough. */
export async function setPassword(db: Db, input: ParsedInput<typeof C.setPassword>['body']): Promise<OperationResult<typeof C.setPassword>> {
  if (input.Password !== input.PasswordConfirm) throw badRequest(MESSAGES.passwordsDoNotMatch);
  const user = await db.selectFrom('users').select('id').where('id', '=', input.IDUser).executeTakeFirst();
  if (!user) throw notFound(MESSAGES.userNotFoundForId);
  const passwordHash = await hashPassword(input.Password);
  await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('user_id', '=', user.id)
      .where('token_hash', '=', hashToken(input.Token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('id')
      .executeTakeFirst();
    if (!used) throw badRequest('The password setup link is invalid or has expired');
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    // A new password ends every open session of that user.
    await trx.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
  });
  return { Message: MESSAGES.passwordSet };
}

export async function idByEmail(db: Db, email: string): Promise<OperationResult<typeof C.getIdByEmail>> {
  if (!isSimpleEmail(email.trim())) throw badRequest(MESSAGES.actAsInvalidEmail);
  const u = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!u) throw notFound(MESSAGES.actAsUserNotFound);
  return { Id: u.id };
}

/** Admin act-as: a new session for the contact, remembering which admin opened it. */
export async function loginAs(db: Db, adminId: number, contactId: number): Promise<OperationResult<typeof C.loginAs>> {
  const u = await db.selectFrom('users').select('id').where('id', '=', contactId).executeTakeFirst();
  if (!u) throw notFound(MESSAGES.actAsUserNotFound);
  return { access_token: await createSession(db, u.id, adminId) };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
