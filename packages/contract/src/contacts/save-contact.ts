import { defineOperation } from '../operation.ts';
import { ContactChangeResult, SaveContactBody } from './model.ts';

/**
 * Changes a contact's details (Name, Surname, Email, Phone): only of an account that belongs to
 * this client alone and is not an administrator's (403 otherwise). A new email takes effect once
 * confirmed from the old address.
 */
export const saveContact = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/contact/save',
  summary: "Save a contact's details",
  tags: ['contacts'],
  access: 'user',
  body: SaveContactBody,
  response: ContactChangeResult,
  errors: [409],
});
