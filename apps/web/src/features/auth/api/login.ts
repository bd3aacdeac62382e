import { login as loginOp } from '@listening/contract';
import { call } from '../../../api/client.ts';

/** CRM login; the password travels in the body. Bad credentials answer 401, an error to show. */
export const login = (email: string, password: string) => call(loginOp, { body: { Username: email, Password: password } }, { toastId: LOGIN_ERROR_TOAST });

/** The id of the login's error toast, taken away as soon as the user edits the form. */
export const LOGIN_ERROR_TOAST = 'login-error';
