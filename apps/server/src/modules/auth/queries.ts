// SQL of what a person does with their own account beyond signing in: the invitations addressed
// to their email (invitations.ts) and the confirmation of a new email (email-change.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

/** An open invitation (not answered, not expired), with its client's name and its sender. */
function openInvitationQuery(db: Q, now: Date) {
  return db
    .selectFrom('contact_invitations as i')
    .innerJoin('clients', 'clients.id', 'i.client_id')
    .leftJoin('users as inviter', 'inviter.id', 'i.invited_by')
    .select([
      'i.id',
      'i.client_id as clientId',
      'clients.name as clientName',
      'i.email',
      'i.name',
      'i.surname',
      'i.phone',
      'i.created_at as sentAt',
      'i.expires_at as expiresAt',
      'inviter.name as inviterName',
      'inviter.surname as inviterSurname',
      'inviter.is_admin as inviterIsAdmin',
    ])
    .where('i.answered_at', 'is', null)
    .where('i.expires_at', '>', now);
}

export type OpenInvitationRow = NonNullable<Awaited<ReturnType<typeof invitationByToken>>>;

export function invitationByToken(db: Q, tokenHash: string, now = new Date()) {
  return openInvitationQuery(db, now).where('i.token_hash', '=', tokenHash).executeTakeFirst();
}

export function invitationForEmail(db: Q, id: number, email: string, now = new Date()) {
  return openInvitationQuery(db, now).where('i.id', '=', id).where('i.email', '=', email).executeTakeFirst();
}

export function invitationsForEmail(db: Q, email: string, now = new Date()) {
  return openInvitationQuery(db, now).where('i.email', '=', email).orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').execute();
}

/** Answers an invitation once: undefined when another answer (or a cancel) came first. */
export function answerInvitation(db: Q, id: number, userId: number | null, accepted: boolean) {
  return db
    .updateTable('contact_invitations')
    .set({ answered_at: new Date(), accepted, user_id: userId })
    .where('id', '=', id)
    .where('answered_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/** A user's sign-in address (the user exists). */
export function accountEmail(db: Q, userId: number) {
  return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
}

export function accountByEmail(db: Q, email: string) {
  return db.selectFrom('users').select(['id', 'name', 'email', 'is_admin', 'password_hash']).where('email', '=', email).executeTakeFirst();
}

export function insertAccount(db: Q, u: { email: string; name: string; surname: string; phone: string; password_hash: string }) {
  return db.insertInto('users').values(u).returning('id').executeTakeFirstOrThrow();
}

/** Sets the password of an account that has none (the check and the write are one statement). */
export function setPasswordIfNone(db: Q, userId: number, passwordHash: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .where('password_hash', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/** Makes the user a contact of the client; an existing link (however it came) is kept as it is. */
export function linkContact(db: Q, clientId: number, userId: number) {
  return db
    .insertInto('client_contacts')
    .values({ client_id: clientId, user_id: userId })
    .onConflict((oc) => oc.columns(['client_id', 'user_id']).doNothing())
    .execute();
}

/** Voids every open password-setup link of the user. */
export function voidSetupLinks(db: Q, userId: number, now: Date) {
  return db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Revokes every open session of the user; answers the ids revoked. */
export function revokeSessions(db: Q, userId: number, now: Date) {
  return db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).returning('id').execute();
}

/** Revokes one session, if still open. */
export function revokeSession(db: Q, sessionId: number, now: Date) {
  return db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** The user's links to clients, active or not. */
export function contactLinksOf(db: Q, userId: number) {
  return db.selectFrom('client_contacts').select('is_active').where('user_id', '=', userId).execute();
}

export function userById(db: Q, id: number) {
  return db.selectFrom('users').select(['id', 'name', 'surname', 'email', 'is_admin']).where('id', '=', id).executeTakeFirst();
}

export async function insertSetupLink(db: Q, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insertInto('password_resets').values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt }).execute();
}

/** The user's open (unused, unexpired) setup link with this token, and the user's address. */
export function openSetupLink(db: Q, userId: number, tokenHash: string, now: Date) {
  return db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.id', 'users.email'])
    .where('password_resets.user_id', '=', userId)
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', now)
    .executeTakeFirst();
}

/** Takes a setup link once: undefined when it was used (or expired) meanwhile. */
export function useSetupLink(db: Q, id: number, now: Date) {
  return db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
}

export async function setPasswordHash(db: Q, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** An open email change of a link, at either stage, with the account's current address and name. */
export function emailChangeByToken(db: Q, tokenHash: string, now = new Date()) {
  return db
    .selectFrom('email_changes')
    .innerJoin('users', 'users.id', 'email_changes.user_id')
    .select([
      'email_changes.id',
      'email_changes.user_id as userId',
      'email_changes.new_email as newEmail',
      'email_changes.old_confirmed_at as oldConfirmedAt',
      'users.email as oldEmail',
      'users.name',
    ])
    .where('email_changes.token_hash', '=', tokenHash)
    .where('email_changes.used_at', 'is', null)
    .where('email_changes.expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * The old address confirmed: the change moves to its second stage, whose link (a new token) goes
 * to the new address. Undefined when the first link was used meanwhile.
 */
export function confirmOldAddress(db: Q, id: number, tokenHash: string, expiresAt: Date, now: Date) {
  return db
    .updateTable('email_changes')
    .set({ old_confirmed_at: now, token_hash: tokenHash, expires_at: expiresAt })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('old_confirmed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/** Takes an email change once: undefined when it was used (or voided) meanwhile. */
export function useEmailChange(db: Q, id: number, now: Date) {
  return db.updateTable('email_changes').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).returning('id').executeTakeFirst();
}

export function voidEmailChanges(db: Q, userId: number, now: Date) {
  return db.updateTable('email_changes').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Whether another account has the address (compared as stored: addresses are kept lower-case). */
export async function emailTaken(db: Q, email: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`1`.as('one'))
    .where('email', '=', email)
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export function setEmail(db: Q, userId: number, email: string) {
  return db.updateTable('users').set({ email }).where('id', '=', userId).execute();
}

/**
 * The time zone of the user's own client: of the active clients they are an active contact of,
 * a primary contact's first, then by name; undefined for a user of none.
 */
export async function ownClientTimeZone(db: Q, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('client_contacts as cc')
    .innerJoin('clients as c', 'c.id', 'cc.client_id')
    .select('c.time_zone')
    .where('cc.user_id', '=', userId)
    .where('cc.is_active', '=', true)
    .where('c.is_active', '=', true)
    .orderBy('cc.is_primary', 'desc')
    .orderBy('c.name')
    .limit(1)
    .executeTakeFirst();
  return row?.time_zone;
}

/** When a login key is locked until (none: not locked). */
export function lockoutOf(db: Q, key: string) {
  return db.selectFrom('login_lockouts').select('locked_until').where('email', '=', key).executeTakeFirst();
}

/** A login key's lockout row, filed empty when it has none, locked for the transaction. */
export async function lockedLockoutRow(trx: Q, key: string, now: Date) {
  await trx
    .insertInto('login_lockouts')
    .values({ email: key, failures: 0, window_started_at: now, last_failure_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return trx.selectFrom('login_lockouts').selectAll().where('email', '=', key).forUpdate().executeTakeFirstOrThrow();
}

export function saveLockout(
  trx: Q,
  key: string,
  v: { failures: number; lock_count: number; window_started_at: Date; locked_until: Date | null; last_failure_at: Date },
) {
  return trx.updateTable('login_lockouts').set(v).where('email', '=', key).execute();
}

/** Drops the rows of keys quiet since `before` that are not locked at `now`. */
export function dropQuietLockouts(db: Q, before: Date, now: Date) {
  return db
    .deleteFrom('login_lockouts')
    .where('last_failure_at', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
}

export function clearLockout(db: Q, key: string) {
  return db.deleteFrom('login_lockouts').where('email', '=', key).execute();
}
