// Contact management of a client (docs/spec/002_6c80e0f7cd09047f.txt sections 2.6, 4, 7.3). Any active contact of a client (and
// any admin) may read its contacts: word-bin recipients are picked from them. Changing them is for
// the client's primary contacts and for admins, the provider's staff; an In-Active client's data is
// read-only as everywhere (access/). Deactivating a contact ends their access to the client at
// once (access/ reads client_contacts.is_active on every request) and, when no other client is
// left to them, their sessions too. A primary contact is never removed.
import {
  CONTACT_MESSAGES,
  INVITATIONS_PER_CLIENT_HOUR,
  type ClientContact,
  type ContactFields,
  type ContactInvitation,
  type OperationResult,
} from '@listening/contract';
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
/** A new email waits this long for the old address to confirm it. */
export const EMAIL_CHANGE_TTL_MS = 86_400_000;

type Result = OperationResult<typeof C.addContact>;

/** A person's details as a contact and an invitation both answer them (the contract's ContactDetails). */
const details = (r: { name: string; surname: string; email: string; phone: string }) => ({
  Name: r.name,
  Surname: r.surname,
  Email: r.email,
  Phone: r.phone,
});

function toContact(r: q.ContactRow): ClientContact {
  return {
    Id: r.userId,
    ClientContactId: r.linkId,
    ClientId: r.clientId,
    ...details(r),
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
  const invitations = manager ? (await q.openInvitations(db, clientId)).map(toInvitation) : [];
  return { ClientId: clientId, ClientName: client.name, CanManage: manager, Contacts: contacts, Invitations: invitations };
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
    if ((await q.otherActiveLinks(trx, contactId, clientId)) === 0) await q.revokeSessions(trx, contactId);
    // An account that belonged to this client alone can no longer sign in until someone invites it
    // again (it then sets a password from the invitation's link). An account that other clients
    // share, or an administrator's, keeps its password: it is not this client's to change.
    const account = await q.accountForUpdate(trx, contactId);
    if (!account.is_admin && (await q.otherLinks(trx, contactId, clientId)) === 0) await q.clearPassword(trx, contactId);
    await audit(trx, { actor: user, action: 'contact.remove', target: `user:${contactId}`, detail: { clientId, email: row.email } });
  });
  return { Success: true, Message: CONTACT_MESSAGES.removed };
}

/**
 * Invites an email address to become a contact of the client. Nothing of an account is read,
 * created or linked here: the person behind the address accepts, signed in as themselves (or by
 * setting a password from the emailed link when the address has no account yet; modules/auth/
 * invitations.ts). So the answer and the work done are the same for a new address, an existing
 * account and an administrator's, and echo only what the caller typed. An address that is already
 * a contact of this client answers 409 (the client sees its own contacts anyway). Inviting an
 * address again renews its open invitation with a new link.
 */
export async function add(db: Db, mailer: Mailer, publicUrl: string, user: AuthUser, clientId: number, f: ContactFields): Promise<Result> {
  await assertManager(db, user, clientId);
  const token = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const outcome = await db.transaction().execute(async (trx) => {
    if (await q.contactByEmail(trx, clientId, f.Email)) throw new HttpError(409, CONTACT_MESSAGES.duplicateEmail(f.Email));
    // Counted under the client's row lock, so concurrent adds cannot all pass the count.
    await q.lockClient(trx, clientId);
    if ((await q.invitationsSince(trx, clientId, new Date(Date.now() - 3_600_000))) >= INVITATIONS_PER_CLIENT_HOUR)
      throw new HttpError(429, CONTACT_MESSAGES.tooManyInvitations);
    const invitation = await q.upsertInvitation(trx, {
      client_id: clientId,
      email: f.Email,
      name: f.Name,
      surname: f.Surname,
      phone: f.Phone,
      invited_by: user.actingAdminId ?? user.id,
      token_hash: hashToken(token),
      expires_at: expiresAt,
    });
    await audit(trx, { actor: user, action: 'contact.invite', target: `invitation:${invitation.id}`, detail: { clientId, email: f.Email } });
    const [client, inviter] = await Promise.all([q.clientName(trx, clientId), q.inviterName(trx, user)]);
    return { invitation, client: client.name, inviter };
  });
  // Queued once the invitation is committed: no mail for an invitation that was not saved.
  await mailer.send(invitationMail(f, outcome.client, outcome.inviter, token, publicUrl));
  return { Success: true, Message: CONTACT_MESSAGES.invited(f.Email), Invitation: toInvitation(outcome.invitation) };
}

function toInvitation(r: q.InvitationRow): ContactInvitation {
  return {
    Id: r.id,
    ...details(r),
    SentAt: r.created_at.toISOString(),
    ExpiresAt: r.expires_at.toISOString(),
    IsOpen: r.expires_at.getTime() > Date.now(),
  };
}

/** The same mail for every address: the link's page says what to do (sign in, or set a password). */
function invitationMail(f: ContactFields, client: string, inviter: string, token: string, publicUrl: string) {
  const link = `${publicUrl.replace(/\/$/, '')}/invitation#token=${token}`;
  return {
    to: f.Email,
    subject: `${inviter} invites you to follow ${client}`,
    text:
      `Hello ${f.Name},\n\n${inviter} invites you to become a contact of ${client}. Open this link within 7 days to accept or decline:\n${link}\n\n` +
      'If you did not expect it, ignore this message: nothing changes until you accept.',
    html:
      `<p>Hello ${escapeHtml(f.Name)},</p><p>${escapeHtml(inviter)} invites you to become a contact of ${escapeHtml(client)}.</p>` +
      `<p><a href="${link}">Answer the invitation</a> (within 7 days)</p><p>If you did not expect it, ignore this message: nothing changes until you accept.</p>`,
    secrets: [token],
  };
}

/** Withdraws an open invitation of the client: its link stops working. */
export async function cancelInvitation(db: Db, user: AuthUser, clientId: number, invitationId: number): Promise<Result> {
  await assertManager(db, user, clientId);
  await db.transaction().execute(async (trx) => {
    const row = await q.deleteOpenInvitation(trx, clientId, invitationId);
    if (!row) throw notFound(CONTACT_MESSAGES.invitationNotFound);
    await audit(trx, { actor: user, action: 'contact.invite_cancel', target: `invitation:${invitationId}`, detail: { clientId, email: row.email } });
  });
  return { Success: true, Message: CONTACT_MESSAGES.invitationCancelled };
}

/**
 * Changes a contact's details. Only of an account that belongs to this client alone and is not an
 * administrator's (an admin, the provider's staff, may change any contact's): a person who also
 * works with another client changes their own details. Name, surname and phone change at once; a
 * new email only once the old address confirms it (modules/auth/email-change.ts): the link goes
 * to the old address, so whoever controls the client cannot move an account to an address of
 * theirs. An email another contact of this client has answers 409; any other account's address
 * is only refused at confirmation, so this answer tells nothing about which addresses exist.
 */
export async function save(db: Db, mailer: Mailer, publicUrl: string, user: AuthUser, clientId: number, contactId: number, f: ContactFields): Promise<Result> {
  await assertManager(db, user, clientId);
  const token = newToken();
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await lockedContact(trx, clientId, contactId);
    const account = await q.accountForUpdate(trx, contactId);
    if (!user.isAdmin && (account.is_admin || (await q.otherLinks(trx, contactId, clientId)) > 0)) throw forbidden(CONTACT_MESSAGES.notOwnAccount);
    const newEmail = f.Email !== row.email ? f.Email : null;
    if (newEmail) {
      const holder = await q.contactByEmail(trx, clientId, newEmail);
      if (holder) throw new HttpError(409, CONTACT_MESSAGES.duplicateEmail(newEmail));
      await q.insertEmailChange(trx, {
        user_id: contactId,
        new_email: newEmail,
        token_hash: hashToken(token),
        requested_by: user.actingAdminId ?? user.id,
        expires_at: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
      });
    }
    await q.updateUser(trx, contactId, { name: f.Name, surname: f.Surname, phone: f.Phone });
    await audit(trx, {
      actor: user,
      action: 'contact.save',
      target: `user:${contactId}`,
      detail: { clientId, ...(newEmail ? { emailChangeTo: newEmail } : {}) },
    });
    return { contact: { ...row, name: f.Name, surname: f.Surname, phone: f.Phone }, newEmail, client: (await q.clientName(trx, clientId)).name };
  });
  const { contact, newEmail } = outcome;
  if (!newEmail) return { Success: true, Message: CONTACT_MESSAGES.saved, Contact: toContact(contact) };
  await mailer.send(emailChangeMail(contact, newEmail, outcome.client, token, publicUrl));
  return { Success: true, Message: CONTACT_MESSAGES.emailChangePending(contact.email, newEmail), Contact: toContact(contact) };
}

/** The confirmation link goes to the account's current (old) address. */
function emailChangeMail(c: q.ContactRow, newEmail: string, client: string, token: string, publicUrl: string) {
  const link = `${publicUrl.replace(/\/$/, '')}/email-change#token=${token}`;
  return {
    to: c.email,
    subject: 'Confirm the new email of your account',
    text:
      `Hello ${c.name},\n\nA contact manager of ${client} asked to change the email you sign in with from ${c.email} to ${newEmail}. ` +
      `Open this link within 24 hours to confirm it:\n${link}\n\nIf you did not expect it, ignore this message: your email stays as it is.`,
    html:
      `<p>Hello ${escapeHtml(c.name)},</p><p>A contact manager of ${escapeHtml(client)} asked to change the email you sign in with from ` +
      `${escapeHtml(c.email)} to ${escapeHtml(newEmail)}.</p><p><a href="${link}">Confirm the new email</a> (within 24 hours)</p>` +
      '<p>If you did not expect it, ignore this message: your email stays as it is.</p>',
    secrets: [token],
  };
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
