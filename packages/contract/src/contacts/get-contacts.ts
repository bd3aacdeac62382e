import { defineOperation } from '../operation.ts';
import { ClientContactList, ContactClientQuery } from './model.ts';

/** Every contact of a client (any contact of the client may read them: recipients are picked from them). */
export const getContacts = defineOperation({
  host: 'crm',
  method: 'GET',
  path: '/api/contact/getall',
  summary: "The client's contacts",
  tags: ['contacts'],
  access: 'user',
  query: ContactClientQuery,
  response: ClientContactList,
});
