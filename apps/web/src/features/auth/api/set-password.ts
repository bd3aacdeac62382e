import { MessageResponse } from '@listening/contract';
import { api } from '../../../api/client.ts';

export interface SetPasswordInput {
  contactId: number;
  token: string;
  password: string;
  passwordConfirm: string;
}

/** The emailed link's one-time token goes with the contact id: an id alone sets nothing. */
export const setPassword = ({ contactId, token, password, passwordConfirm }: SetPasswordInput) =>
  api.post(
    'user/password/set',
    { IDUser: contactId, Token: token, Password: password, PasswordConfirm: passwordConfirm },
    { host: 'crm', schema: MessageResponse, quiet: true, anonymous: true, unauthorized: 'throw' },
  );
