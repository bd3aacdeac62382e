import { forgotPassword as forgotPasswordOp } from '@listening/contract';
import { call } from '../../../api/client.ts';

export const forgotPassword = (email: string) => call(forgotPasswordOp, { query: { email } }, { quiet: true });
