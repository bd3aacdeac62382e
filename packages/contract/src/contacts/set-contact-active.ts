import { defineOperation } from '../operation.ts';
import { ContactActiveQuery, ContactChangeResult } from './model.ts';

/** The Is Active switch: an inactive contact loses access to the client at once, sessions included. */
export const setContactActive = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/contact/active',
  summary: 'Activate or deactivate a contact of a client',
  tags: ['contacts'],
  access: 'user',
  query: ContactActiveQuery,
  response: ContactChangeResult,
});
