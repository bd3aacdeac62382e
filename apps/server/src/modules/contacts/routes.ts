import {
  addContact,
  cancelInvitation,
  getContactManagement,
  getContacts,
  removeContact,
  saveClientContact,
  saveContact,
  setContactActive,
} from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as contacts from './service.ts';

/** CRM host: a client's contacts (docs/spec/002_6c80e0f7cd09047f.txt section 7.3) and the invitations it sent. */
export function contactRoutes(route: Route, { db, mailer, config }: Deps): void {
  route(getContacts, ({ user, query }) => contacts.getContacts(db, user, query.clientId));
  route(getContactManagement, ({ user, query }) => contacts.management(db, user, query.clientId));
  route(setContactActive, ({ user, query }) => contacts.setActive(db, user, query.clientId, query.contactId, query.isActive));
  route(removeContact, ({ user, query }) => contacts.remove(db, user, query.clientId, query.contactId));
  route(addContact, ({ user, query: { clientId, ...fields } }) => contacts.add(db, mailer, config.publicUrl, user, clientId, fields));
  route(saveContact, ({ user, body: { Id, ClientId, ...fields } }) => contacts.save(db, mailer, config.publicUrl, user, ClientId, Id, fields));
  route(cancelInvitation, ({ user, query }) => contacts.cancelInvitation(db, user, query.clientId, query.invitationId));
  route(saveClientContact, ({ user, body }) => contacts.saveLink(db, user, body));
}
