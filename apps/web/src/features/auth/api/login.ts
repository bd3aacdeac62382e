import { LoginResponse } from '@listening/contract';
import { api } from '../../../api/client.ts';

/** CRM login (002 §7.4); the password travels in the body (DESIGN §2). Bad credentials answer 401. */
export const login = (email: string, password: string) =>
  api.post('user/login', { Username: email, Password: password }, { host: 'crm', schema: LoginResponse, unauthorized: 'throw', anonymous: true });
