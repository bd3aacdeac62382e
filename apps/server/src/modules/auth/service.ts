// Sessions and passwords: login, logout, forgot password, password setup by one-time link, act-as.
// What each answer may reveal, and how long it takes, is written up in docs/security.md.
import { CONTACT_MESSAGES, DEFAULT_TIME_ZONE, MESSAGES, isSimpleEmail, type OperationResult, type ParsedInput, type User } from '@listening/contract';
import type * as C from '@listening/contract';
import { audit } from '../../audit/index.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { ACT_AS_HOURS, createSession, hashToken, newToken, type AuthUser } from '../../plugins/auth.ts';
import { clearFailures, lockedFor, recordFailure } from './lockout.ts';
import * as q from './queries.ts';
import { passwordProblem } from './password-quality.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';

export { hashPassword } from './passwords.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
/**
 * Forgot password answers no sooner than this after the request, known address or not: the
 * lookup and the queued mail of a known one take a few milliseconds the unknown one would not.
 */
export const FORGOT_MIN_MS = 250;
export const INVALID_SETUP_LINK = 'The password setup link is invalid or has expired';

/** The answer to a login on a locked account: 429, naming the wait (the same for any address). */
export class AccountLocked extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(429, `Too many failed sign-ins for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}
const locked = (ms: number) => new AccountLocked(Math.max(1, Math.ceil(ms / 1000)));

/**
 * A new session for the email and password; 401 for either wrong, alike. After too many failures
 * the account is locked for a while (lockout.ts): 429, without checking the password.
 */
export async function login(db: Db, email: string, password: string): Promise<OperationResult<typeof C.login>> {
  const wait = await lockedFor(db, email);
  if (wait > 0) throw locked(wait);
  const user = await q.accountByEmail(db, email.trim().toLowerCase());
  const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
  if (!user || !user.password_hash || !ok) {
    await recordFailure(db, email);
    throw unauthorized('Invalid email or password');
  }
  // Other guesses that were in flight may have locked the account meanwhile: a lock holds.
  const lockedMeanwhile = await lockedFor(db, email);
  if (lockedMeanwhile > 0) throw locked(lockedMeanwhile);
  await clearFailures(db, email);
  // A contact deactivated at every client of theirs has no access left (modules/contacts).
  if (!user.is_admin && (await deactivatedEverywhere(db, user.id))) throw forbidden(CONTACT_MESSAGES.deactivatedLogin);
  return { access_token: await createSession(db, user.id) };
}

/** True when the user is a contact of some client but active at none. */
async function deactivatedEverywhere(db: Db, userId: number): Promise<boolean> {
  const links = await q.contactLinksOf(db, userId);
  return links.length > 0 && links.every((l) => !l.is_active);
}

/** Revokes the session; the answer is empty (204). */
export async function logout(db: Db, sessionId: number): Promise<null> {
  await q.revokeSession(db, sessionId, new Date());
  return null;
}

/**
 * 'Log out everywhere': revokes every open session of the user, this one included, and logs it.
 * Not from an act-as session: the admin would end the contact's own sessions.
 */
export async function logoutAll(db: Db, user: AuthUser): Promise<OperationResult<typeof C.logoutAll>> {
  if (user.actingAdminId !== null) throw forbidden("An act-as session cannot end the contact's sessions: use Logout");
  return db.transaction().execute(async (trx) => {
    const revoked = await q.revokeSessions(trx, user.id, new Date());
    await audit(trx, { actor: user, action: 'sessions.revoke_all', target: `user:${user.id}`, detail: { sessions: revoked.length } });
    return { Revoked: revoked.length };
  });
}

/** The signed-in user (id absent or their own), or another user by id: admins only. */
export async function userFor(db: Db, me: AuthUser, id = me.id): Promise<User> {
  if (id !== me.id && !me.isAdmin) throw forbidden('Only administrators may read other users');
  return getUser(db, id, id === me.id ? me.actingAdminId : null);
}

export async function getUser(db: Db, id: number, actingAdminId: number | null = null): Promise<User> {
  const u = await q.userById(db, id);
  if (!u) throw notFound('User not found');
  const timeZone = (await q.ownClientTimeZone(db, u.id)) ?? DEFAULT_TIME_ZONE;
  return { Id: u.id, Name: u.name, Surname: u.surname, Email: u.email, IsAdmin: u.is_admin, ActingAdminId: actingAdminId, TimeZone: timeZone };
}

/** Waits out the rest of `ms` since `start`. */
const padTo = (start: number, ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, start + ms - Date.now())));

/**
 * Queues a one-time setup link. The same answer ({ ok: true }) in about the same time whether or
 * not the address is known, and before any mail is sent: an SMTP failure stays in the outbox.
 * The token travels in the link's fragment (#token=), which browsers never send to a server, and
 * the outbox keeps the mail with the token redacted.
 */
export async function forgotPassword(db: Db, mailer: Mailer, publicUrl: string, email: string): Promise<OperationResult<typeof C.forgotPassword>> {
  const start = Date.now();
  try {
    const user = await q.accountByEmail(db, email.trim().toLowerCase());
    if (user) {
      const token = newToken();
      await q.insertSetupLink(db, user.id, hashToken(token), new Date(Date.now() + RESET_TTL_MS));
      const link = `${publicUrl.replace(/\/$/, '')}/password-setup/${user.id}#token=${token}`;
      await mailer.send({
        to: user.email,
        subject: 'Set your password',
        text: `Hello ${user.name},\n\nUse this link within one hour to set your password:\n${link}\n\nIf you did not ask for it, ignore this message.`,
        html: `<p>Hello ${escapeHtml(user.name)},</p><p>Use this link within one hour to set your password:</p><p><a href="${link}">Set my password</a></p><p>If you did not ask for it, ignore this message.</p>`,
        secrets: [token],
      });
    }
  } finally {
    await padTo(start, FORGOT_MIN_MS);
  }
  return { ok: true };
}

/**
 * Sets a password with the one-time token of the emailed link; a bare contact id is not enough.
 * The token is checked first, in one query whether or not the id exists, and any failure gets the
 * same 400: so neither the answer nor unauthenticated argon2 work tells an id exists. Then the
 * password itself: not a commonly leaked one, not containing the email's name (password-quality.ts),
 * else 400 saying why, the link still usable. Using a token
 * voids the user's other open links, ends their sessions and clears their login lockout.
 */
export async function setPassword(db: Db, input: ParsedInput<typeof C.setPassword>['body']): Promise<OperationResult<typeof C.setPassword>> {
  if (input.Password !== input.PasswordConfirm) throw badRequest(MESSAGES.passwordsDoNotMatch);
  const tokenHash = hashToken(input.Token);
  const open = await q.openSetupLink(db, input.IDUser, tokenHash, new Date());
  if (!open) throw badRequest(INVALID_SETUP_LINK);
  // A refused password leaves the link usable for a better one.
  const problem = passwordProblem(input.Password, open.email);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(input.Password);
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    // Taken once: of two calls with the same token, the second finds it used.
    const used = await q.useSetupLink(trx, open.id, now);
    if (!used) throw badRequest(INVALID_SETUP_LINK);
    // Every other open link of the user is void from now on.
    await q.voidSetupLinks(trx, input.IDUser, now);
    await q.setPasswordHash(trx, input.IDUser, passwordHash);
    // A new password ends every open session of that user.
    await q.revokeSessions(trx, input.IDUser, now);
  });
  await clearFailures(db, open.email);
  return { Message: MESSAGES.passwordSet };
}

export async function idByEmail(db: Db, email: string): Promise<OperationResult<typeof C.getIdByEmail>> {
  if (!isSimpleEmail(email.trim())) throw badRequest(MESSAGES.actAsInvalidEmail);
  const u = await q.accountByEmail(db, email.trim().toLowerCase());
  if (!u) throw notFound(MESSAGES.actAsUserNotFound);
  return { Id: u.id };
}

/**
 * Admin act-as: a session for the contact, remembering which admin opened it, for ACT_AS_HOURS.
 * Never another admin, never from an act-as session (no chains). The admin's own session ends:
 * the browser holds one session at a time, and one left behind would stay valid for 30 days.
 */
export async function loginAs(db: Db, admin: AuthUser, contactId: number): Promise<OperationResult<typeof C.loginAs>> {
  if (admin.actingAdminId !== null) throw forbidden('An act-as session cannot act as someone else');
  const u = await q.userById(db, contactId);
  if (!u) throw notFound(MESSAGES.actAsUserNotFound);
  if (u.is_admin) throw forbidden('Administrators cannot be acted as');
  return db.transaction().execute(async (trx) => {
    const token = await createSession(trx, u.id, admin.id, ACT_AS_HOURS * 3_600_000);
    await q.revokeSession(trx, admin.sessionId, new Date());
    await audit(trx, { actor: admin, action: 'act_as.start', target: `user:${u.id}`, detail: { email: u.email, hours: ACT_AS_HOURS } });
    return { access_token: token };
  });
}

/**
 * The way back from act-as: ends the act-as session and opens a new ordinary session for the
 * admin who started it, if they are still an administrator. Written to the audit log.
 */
export async function endActAs(db: Db, me: AuthUser): Promise<OperationResult<typeof C.endActAs>> {
  if (me.actingAdminId === null) throw forbidden('This is not an act-as session');
  const admin = await q.userById(db, me.actingAdminId);
  if (!admin?.is_admin) throw forbidden('The administrator who started this act-as can no longer sign in as one');
  return db.transaction().execute(async (trx) => {
    await q.revokeSession(trx, me.sessionId, new Date());
    const token = await createSession(trx, admin.id);
    await audit(trx, { actor: me, action: 'act_as.end', target: `user:${me.id}` });
    return { access_token: token };
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
