import { endActAs, getIdByEmail, loginAs } from '@listening/contract';
import { call } from '../../../api/client.ts';

/** Admin act-as: the contact's id by email, then a token for that contact. Admins only, on the server. */
export const getContactIdByEmail = (email: string) => call(getIdByEmail, { body: { Email: email } }, { quiet: true });

export const loginAsContact = (contactId: number) => call(loginAs, { query: { contactId } }, { quiet: true });

/** The way back from act-as: a new session for the admin who started it. */
export const endActAsSession = () => call(endActAs, {});
