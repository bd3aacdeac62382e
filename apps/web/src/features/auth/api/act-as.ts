import { IdResponse, LoginResponse } from '@listening/contract';
import { api } from '../../../api/client.ts';

/** Admin act-as (002 §7.4): the contact's id by email, then a token for that contact. Admins only, on the server. */
export const getContactIdByEmail = (email: string) => api.post('user/get/email', { Email: email }, { schema: IdResponse.partial(), quiet: true });

export const loginAsContact = (contactId: number) =>
  api.post('user/login/id', undefined, { host: 'crm', query: { contactId }, schema: LoginResponse.partial(), quiet: true });
