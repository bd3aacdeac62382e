// SQL of contact management: a client's contacts (users linked by client_contacts), the caller's
// own link, and the writes of adding, switching and removing a contact.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

const contactColumns = [
  'users.id as userId',
  'client_contacts.id as linkId',
  'client_contacts.client_id as clientId',
  'users.name',
  'users.surname',
  'users.email',
  'users.phone',
  'client_contacts.is_active as isActive',
  'client_contacts.is_primary as isPrimary',
] as const;

/** The client's contacts, primary first, then by name. */
export function contactsOf(db: Q, clientId: number) {
  return db
    .selectFrom('client_contacts')
    .innerJoin('users', 'users.id', 'client_contacts.user_id')
    .select(contactColumns)
    .where('client_contacts.client_id', '=', clientId)
    .orderBy('client_contacts.is_primary', 'desc')
    .orderBy('users.name')
    .orderBy('users.surname')
    .orderBy('users.id')
    .execute();
}

/** One contact of the client (by user id), locked for the change about to be made. */
export function contactForUpdate(db: Q, clientId: number, userId: number) {
  return db
    .selectFrom('client_contacts')
    .innerJoin('users', 'users.id', 'client_contacts.user_id')
    .select(contactColumns)
    .where('client_contacts.client_id', '=', clientId)
    .where('client_contacts.user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export type ContactRow = NonNullable<Awaited<ReturnType<typeof contactForUpdate>>>;

/** The caller's own active link to the client, if any. */
export function ownLink(db: Q, clientId: number, userId: number) {
  return db
    .selectFrom('client_contacts')
    .select(['is_primary'])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('is_active', '=', true)
    .executeTakeFirst();
}

export function clientName(db: Q, clientId: number) {
  return db.selectFrom('clients').select('name').where('id', '=', clientId).executeTakeFirstOrThrow();
}

export function userByEmail(db: Q, email: string) {
  return db.selectFrom('users').select(['id', 'is_admin', 'password_hash']).where('email', '=', email).executeTakeFirst();
}

export function insertUser(db: Q, u: { name: string; surname: string; email: string; phone: string }) {
  return db.insertInto('users').values(u).returning('id').executeTakeFirstOrThrow();
}

export function link(db: Q, clientId: number, userId: number) {
  return db.insertInto('client_contacts').values({ client_id: clientId, user_id: userId }).returning('id').executeTakeFirstOrThrow();
}

export function setLinkFlags(db: Q, linkId: number, flags: { is_active?: boolean; is_primary?: boolean }) {
  return db.updateTable('client_contacts').set(flags).where('id', '=', linkId).execute();
}

export function unlink(db: Q, linkId: number) {
  return db.deleteFrom('client_contacts').where('id', '=', linkId).execute();
}

export function updateUser(db: Q, userId: number, u: { name: string; surname: string; email: string; phone: string }) {
  return db.updateTable('users').set(u).where('id', '=', userId).execute();
}

/** How many active links the user has to other clients. */
export async function otherActiveLinks(db: Q, userId: number, clientId: number): Promise<number> {
  const row = await db
    .selectFrom('client_contacts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('client_id', '<>', clientId)
    .where('is_active', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ends every open session of the user. */
export function revokeSessions(db: Q, userId: number) {
  return db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/** Clears the user's password: an account without a client cannot sign in until invited again. */
export function clearPassword(db: Q, userId: number) {
  return db.updateTable('users').set({ password_hash: null }).where('id', '=', userId).execute();
}

export function insertInvitation(db: Q, userId: number, tokenHash: string, expiresAt: Date) {
  return db.insertInto('password_resets').values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt }).execute();
}
