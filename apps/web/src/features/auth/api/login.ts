import { login as loginOp } from '@listening/contract';
import { call } from '../../../api/client.ts';

/** CRM login; the password travels in the body. Bad credentials answer 401, an error to show. */
export const login = (email: string, password: string) => call(loginOp, { body: { Username: email, Password: password } });
