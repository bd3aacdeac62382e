import { unsubscribeWordBin } from '@listening/contract';
import { call } from '../../../api/client.ts';

/** Removes the recipient named by a digest's signed unsubscribe token (no session needed). */
export const unsubscribe = (token: string) => call(unsubscribeWordBin, { body: { token } }, { quiet: true });
