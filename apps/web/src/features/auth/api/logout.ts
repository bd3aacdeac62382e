import { logout as logoutOp } from '@listening/contract';
import { call } from '../../../api/client.ts';

/** Revokes the token on the server; the caller clears it locally whatever the answer. */
export const logout = () => call(logoutOp, {}, { quiet: true, unauthorized: 'throw' });
