import { logoutAll as logoutAllOp } from '@listening/contract';
import { call } from '../../../api/client.ts';

/** Ends every session of the signed-in user, this one included ('Log out everywhere'). */
export const logoutAll = () => call(logoutAllOp, {}, { unauthorized: 'throw' });
