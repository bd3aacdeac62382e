import { defineOperation } from '../operation.ts';
import { ContactClientQuery, ContactManagement } from './model.ts';

/** The contact management screen: the client, its contacts, and whether the caller may manage them. */
export const getContactManagement = defineOperation({
  host: 'crm',
  method: 'GET',
  path: '/api/contact/manage',
  summary: 'Contact management of a client',
  tags: ['contacts'],
  access: 'user',
  query: ContactClientQuery,
  response: ContactManagement,
});
