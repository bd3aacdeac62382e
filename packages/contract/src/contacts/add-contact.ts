import { defineOperation } from '../operation.ts';
import { ContactChangeResult, NewContactQuery } from './model.ts';

/**
 * Invites an email address to become a contact of a client (Name, Surname, Email, Phone as typed).
 * The answer is the same whether the address has an account, has none, or is an administrator's:
 * the person accepts from the emailed link, signed in as themselves.
 */
export const addContact = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/contact',
  summary: 'Invite a contact to a client',
  tags: ['contacts'],
  access: 'user',
  query: NewContactQuery,
  response: ContactChangeResult,
  /** 409: the email is already a contact of the client; 429: the client's invitations of the last hour are used up. */
  errors: [409, 429],
});
