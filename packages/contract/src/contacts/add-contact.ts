import { defineOperation } from '../operation.ts';
import { ContactChangeResult, NewContactQuery } from './model.ts';

/** Adds a contact (Name, Surname, Email, Phone) to a client and mails an invitation to set a password. */
export const addContact = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/contact',
  summary: 'Add a contact to a client',
  tags: ['contacts'],
  access: 'user',
  query: NewContactQuery,
  response: ContactChangeResult,
  /** 409: the email is already a contact of the client. */
  errors: [409],
});
