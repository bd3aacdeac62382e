import { defineOperation } from '../operation.ts';
import { ClientContactQuery, ContactChangeResult } from './model.ts';

/** Removes a contact from a client; a primary contact cannot be removed (400). */
export const removeContact = defineOperation({
  host: 'crm',
  method: 'DELETE',
  path: '/api/contact/remove',
  summary: 'Remove a contact from a client',
  tags: ['contacts'],
  access: 'user',
  query: ClientContactQuery,
  response: ContactChangeResult,
});
