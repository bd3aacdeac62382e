import { OkResponse } from '@listening/contract';
import { api } from '../../../api/client.ts';

export const forgotPassword = (email: string) =>
  api.post('user/forgotpassword', undefined, { query: { email }, schema: OkResponse, quiet: true, anonymous: true, unauthorized: 'throw' });
