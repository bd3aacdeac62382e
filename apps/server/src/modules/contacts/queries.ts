// SQL of contact management: a client's contacts (users linked by client_contacts), the caller's
// own link, the client's invitations, and the writes of inviting, switching, changing and removing
// a contact.
import type { Insertable, Kysely, Selectable } from 'kysely';
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

/** Locks the client's row for the rest of the transaction (the invitations' hourly count). */
export function lockClient(db: Q, clientId: number) {
  return db.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().executeTakeFirstOrThrow();
}

export function clientName(db: Q, clientId: number) {
  return db.selectFrom('clients').select('name').where('id', '=', clientId).executeTakeFirstOrThrow();
}

/** The client's contact with this email, if any (what the client already sees in its list). */
export function contactByEmail(db: Q, clientId: number, email: string) {
  return db
    .selectFrom('client_contacts')
    .innerJoin('users', 'users.id', 'client_contacts.user_id')
    .select('users.id')
    .where('client_contacts.client_id', '=', clientId)
    .where('users.email', '=', email)
    .executeTakeFirst();
}

/** The account behind a contact, locked: whether it is an administrator's. */
export function accountForUpdate(db: Q, userId: number) {
  return db.selectFrom('users').select(['id', 'is_admin']).where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
}

/** How many links (active or not) the user has to other clients. */
export async function otherLinks(db: Q, userId: number, clientId: number): Promise<number> {
  const row = await db
    .selectFrom('client_contacts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('client_id', '<>', clientId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const invitationColumns = ['id', 'email', 'name', 'surname', 'phone', 'created_at', 'expires_at'] as const;

export type InvitationRow = Pick<Selectable<Database['contact_invitations']>, (typeof invitationColumns)[number]>;

/**
 * Inserts the client's invitation of an address, or renews the open one (new link, new expiry,
 * the details as typed now).
 */
export function upsertInvitation(db: Q, v: Insertable<Database['contact_invitations']>): Promise<InvitationRow> {
  return db
    .insertInto('contact_invitations')
    .values(v)
    .onConflict((oc) =>
      oc
        .columns(['client_id', 'email'])
        .where('answered_at', 'is', null)
        .doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          surname: eb.ref('excluded.surname'),
          phone: eb.ref('excluded.phone'),
          invited_by: eb.ref('excluded.invited_by'),
          token_hash: eb.ref('excluded.token_hash'),
          created_at: new Date(),
          expires_at: eb.ref('excluded.expires_at'),
        })),
    )
    .returning(invitationColumns)
    .executeTakeFirstOrThrow();
}

/** How many invitations the client sent (or renewed) since the time given. */
export async function invitationsSince(db: Q, clientId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('contact_invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The client's invitations not yet answered, newest first (expired ones too, marked by their date). */
export function openInvitations(db: Q, clientId: number): Promise<InvitationRow[]> {
  return db
    .selectFrom('contact_invitations')
    .select(invitationColumns)
    .where('client_id', '=', clientId)
    .where('answered_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function deleteOpenInvitation(db: Q, clientId: number, invitationId: number) {
  return db
    .deleteFrom('contact_invitations')
    .where('id', '=', invitationId)
    .where('client_id', '=', clientId)
    .where('answered_at', 'is', null)
    .returning('email')
    .executeTakeFirst();
}

/** How an invitation names its sender: the contact's name, or the provider's for an administrator. */
export async function inviterName(db: Q, user: { id: number; isAdmin: boolean; actingAdminId: number | null }): Promise<string> {
  if (user.isAdmin || user.actingAdminId !== null) return 'Your service provider';
  const u = await db.selectFrom('users').select(['name', 'surname']).where('id', '=', user.id).executeTakeFirstOrThrow();
  return `${u.name} ${u.surname}`.trim();
}

export function insertEmailChange(db: Q, v: Insertable<Database['email_changes']>) {
  return db.insertInto('email_changes').values(v).execute();
}

export function setLinkFlags(db: Q, linkId: number, flags: { is_active?: boolean; is_primary?: boolean }) {
  return db.updateTable('client_contacts').set(flags).where('id', '=', linkId).execute();
}

export function unlink(db: Q, linkId: number) {
  return db.deleteFrom('client_contacts').where('id', '=', linkId).execute();
}

export function updateUser(db: Q, userId: number, u: { name: string; surname: string; phone: string }) {
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
