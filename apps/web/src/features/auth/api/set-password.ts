import { setPassword as setPasswordOp, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';

/** The emailed link's one-time token goes with the contact id (IDUser): an id alone sets nothing. */
export const setPassword = (body: OperationInput<typeof setPasswordOp>['body']) => call(setPasswordOp, { body }, { quiet: true });
