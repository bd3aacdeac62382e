import { unsubscribeByLink } from '@listening/contract';
import { call } from '../../../api/client.ts';

/** Removes the contact named by a mail's signed unsubscribe token from what it names (no session needed). */
export const unsubscribe = (token: string) => call(unsubscribeByLink, { body: { token } }, { quiet: true });
