// Contact management of a client (002 sections 2.6, 4, 7.3). Any active contact of a client (and
// any admin) may read its contacts: word-bin recipients are picked from them. Changing them is for
// the client's primary contacts and for admins, the provider's staff; an In-Active client's data is
// read-only as everywhere (access/). Deactivating a contact ends their access to the client at
// once (access/ reads client_contacts.is_active on every request) and, when no other client is
// left to them, their sessions too. A primary contact is never removed.
import { CONTACT_MESSAGES, type ClientContact, type ContactFields, type OperationResult } from '@listening/contract';
import type * as C from '@listening/contract';
import { assertClientAccess, assertClientWritable } from '../../access/index.ts';
import { audit } from '../../audit/index.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { hashToken, newToken, type AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

/** An invitation's link lasts longer than a forgotten password's hour: a new contact may read it days later. */
export const INVITATION_TTL_MS = 7 * 86_400_000;

type Result = OperationResult<typeof C.addContact>;

function toContact(r: q.ContactRow): ClientContact {
  return {
    Id: r.userId,
    ClientContactId: r.linkId,
    ClientId: r.clientId,
    Name: r.name,
    Surname: r.surname,
    Email: r.email,
    Phone: r.phone,
    IsClientContactActive: r.isActive,
    IsActive: r.isActive,
    IsPrimary: r.isPrimary,
    IsDeleted: false,
  };
}

/** True when the user may change the client's contacts: an admin, or an active primary contact. */
export async function canManage(db: Db, user: AuthUser, clientId: number): Promise<boolean> {
  if (user.isAdmin) return true;
  return (await q.ownLink(db, clientId, user.id))?.is_primary === true;
}

/** 404 for a client the user may not see, 403 for a contact who may not manage it or an In-Active client. */
async function assertManager(db: Db, user: AuthUser, clientId: number): Promise<void> {
  await assertClientAccess(db, user, clientId);
  if (!(await canManage(db, user, clientId))) throw forbidden(CONTACT_MESSAGES.notAllowed);
  await assertClientWritable(db, user, clientId);
}

export async function contactsOf(db: Db, clientId: number): Promise<ClientContact[]> {
  return (await q.contactsOf(db, clientId)).map(toContact);
}

export async function getContacts(db: Db, user: AuthUser, clientId: number): Promise<ClientContact[]> {
  await assertClientAccess(db, user, clientId);
  return contactsOf(db, clientId);
}

export async function management(db: Db, user: AuthUser, clientId: number): Promise<OperationResult<typeof C.getContactManagement>> {
  await assertClientAccess(db, user, clientId);
  const [client, contacts, manager] = await Promise.all([q.clientName(db, clientId), contactsOf(db, clientId), canManage(db, user, clientId)]);
  return { ClientId: clientId, ClientName: client.name, CanManage: manager, Contacts: contacts };
}

async function lockedContact(trx: Db, clientId: number, contactId: number): Promise<q.ContactRow> {
  const row = await q.contactForUpdate(trx, clientId, contactId);
  if (!row) throw notFound(`Contact ${contactId} not found`);
  return row;
}

/** Ends the user's sessions when no active client is left to them (their access to this one has just ended). */
async function endSessionsIfNoClientLeft(trx: Db, userId: number, clientId: number): Promise<void> {
  if ((await q.otherActiveLinks(trx, userId, clientId)) === 0) await q.revokeSessions(trx, userId);
}

export async function setActive(db: Db, user: AuthUser, clientId: number, contactId: number, isActive: boolean): Promise<Result> {
  await assertManager(db, user, clientId);
  if (!isActive && contactId === user.id) throw badRequest(CONTACT_MESSAGES.ownPrimary);
  const contact = await db.transaction().execute(async (trx) => {
    const row = await lockedContact(trx, clientId, contactId);
    if (row.isActive !== isActive) {
      await q.setLinkFlags(trx, row.linkId, { is_active: isActive });
      if (!isActive) await endSessionsIfNoClientLeft(trx, contactId, clientId);
      await audit(trx, { actor: user, action: 'contact.active', target: `user:${contactId}`, detail: { clientId, isActive } });
    }
    return { ...row, isActive };
  });
  return { Success: true, Message: isActive ? CONTACT_MESSAGES.activated : CONTACT_MESSAGES.deactivated, Contact: toContact(contact) };
}

export async function remove(db: Db, user: AuthUser, clientId: number, contactId: number): Promise<Result> {
  await assertManager(db, user, clientId);
  await db.transaction().execute(async (trx) => {
    const row = await lockedContact(trx, clientId, contactId);
    if (row.isPrimary) throw badRequest(CONTACT_MESSAGES.primaryNotDeletable);
    await q.unlink(trx, row.linkId);
    if ((await q.otherActiveLinks(trx, contactId, clientId)) === 0) {
      // No client is left to them: the account can no longer sign in until someone invites it again.
      await q.revokeSessions(trx, contactId);
      const u = await q.userByEmail(trx, row.email);
      if (u && !u.is_admin) await q.clearPassword(trx, contactId);
    }
    await audit(trx, { actor: user, action: 'contact.remove', target: `user:${contactId}`, detail: { clientId, email: row.email } });
  });
  return { Success: true, Message: CONTACT_MESSAGES.removed };
}

/**
 * Adds a contact: a new account without a password, or an existing account (of another client)
 * linked to this one. A new account gets an invitation to set its password, by the password-setup
 * link of the forgot-password flow (token in the link's fragment, redacted in the outbox).
 */
export async function add(db: Db, mailer: Mailer, publicUrl: string, user: AuthUser, clientId: number, f: ContactFields): Promise<Result> {
  await assertManager(db, user, clientId);
  const token = newToken();
  const outcome = await db.transaction().execute(async (trx) => {
    const existing = await q.userByEmail(trx, f.Email);
    if (existing?.is_admin) throw new HttpError(409, CONTACT_MESSAGES.duplicateEmail(f.Email));
    if (existing && (await q.contactForUpdate(trx, clientId, existing.id))) throw new HttpError(409, CONTACT_MESSAGES.duplicateEmail(f.Email));
    const userId = existing?.id ?? (await q.insertUser(trx, { name: f.Name, surname: f.Surname, email: f.Email, phone: f.Phone })).id;
    await q.link(trx, clientId, userId);
    const invite = !existing?.password_hash;
    if (invite) await q.insertInvitation(trx, userId, hashToken(token), new Date(Date.now() + INVITATION_TTL_MS));
    await audit(trx, { actor: user, action: 'contact.add', target: `user:${userId}`, detail: { clientId, email: f.Email, invited: invite } });
    const row = await lockedContact(trx, clientId, userId);
    return { row, invite, client: (await q.clientName(trx, clientId)).name };
  });
  // Queued once the contact is committed: no invitation for a contact that was not saved.
  await mailer.send(invitationMail(outcome.row, outcome.client, outcome.invite ? token : null, publicUrl));
  return { Success: true, Message: CONTACT_MESSAGES.added(f.Email), Contact: toContact(outcome.row) };
}

function invitationMail(c: q.ContactRow, client: string, token: string | null, publicUrl: string) {
  const base = publicUrl.replace(/\/$/, '');
  if (!token)
    return {
      to: c.email,
      subject: `You now have access to ${client}`,
      text: `Hello ${c.name},\n\nYou have been added as a contact of ${client}. Sign in with your existing password:\n${base}/login`,
    };
  const link = `${base}/password-setup/${c.userId}#token=${token}`;
  return {
    to: c.email,
    subject: `You are invited to ${client}: set your password`,
    text: `Hello ${c.name},\n\nYou have been added as a contact of ${client}. Use this link within 7 days to set your password:\n${link}`,
    html: `<p>Hello ${escapeHtml(c.name)},</p><p>You have been added as a contact of ${escapeHtml(client)}.</p><p><a href="${link}">Set my password</a> (within 7 days)</p>`,
    secrets: [token],
  };
}

/** Changes a contact's details; an email another account already has answers 409. Not an admin's account. */
export async function save(db: Db, user: AuthUser, clientId: number, contactId: number, f: ContactFields): Promise<Result> {
  await assertManager(db, user, clientId);
  const contact = await db.transaction().execute(async (trx) => {
    const row = await lockedContact(trx, clientId, contactId);
    const holder = await q.userByEmail(trx, f.Email);
    if (holder && holder.id !== contactId) throw new HttpError(409, CONTACT_MESSAGES.duplicateEmail(f.Email));
    await q.updateUser(trx, contactId, { name: f.Name, surname: f.Surname, email: f.Email, phone: f.Phone });
    await audit(trx, { actor: user, action: 'contact.save', target: `user:${contactId}`, detail: { clientId, email: f.Email } });
    return { ...row, name: f.Name, surname: f.Surname, email: f.Email, phone: f.Phone };
  });
  return { Success: true, Message: CONTACT_MESSAGES.saved, Contact: toContact(contact) };
}

/** The link's flags: active as setActive; primary only by an admin (it decides who manages the client). */
export async function saveLink(db: Db, user: AuthUser, b: { ClientId: number; ContactId: number; IsActive: boolean; IsPrimary: boolean }): Promise<Result> {
  await assertManager(db, user, b.ClientId);
  if (!b.IsActive && b.ContactId === user.id) throw badRequest(CONTACT_MESSAGES.ownPrimary);
  const contact = await db.transaction().execute(async (trx) => {
    const row = await lockedContact(trx, b.ClientId, b.ContactId);
    if (row.isPrimary !== b.IsPrimary && !user.isAdmin) throw forbidden('Only administrators may change who is a primary contact');
    await q.setLinkFlags(trx, row.linkId, { is_active: b.IsActive, is_primary: b.IsPrimary });
    if (row.isActive && !b.IsActive) await endSessionsIfNoClientLeft(trx, b.ContactId, b.ClientId);
    await audit(trx, {
      actor: user,
      action: 'contact.active',
      target: `user:${b.ContactId}`,
      detail: { clientId: b.ClientId, isActive: b.IsActive, isPrimary: b.IsPrimary },
    });
    return { ...row, isActive: b.IsActive, isPrimary: b.IsPrimary };
  });
  return { Success: true, Message: CONTACT_MESSAGES.saved, Contact: toContact(contact) };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
