import { defineOperation } from '../operation.ts';
import { ContactChangeResult, SaveClientContactBody } from './model.ts';

/** Saves the link of a contact to a client: active and primary flags. Making a contact primary is for administrators. */
export const saveClientContact = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/clientcontact/save',
  summary: "Save a contact's link to a client",
  tags: ['contacts'],
  access: 'user',
  body: SaveClientContactBody,
  response: ContactChangeResult,
});
