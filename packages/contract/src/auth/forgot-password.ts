import { z } from 'zod';
import { OkResponse } from '../common.ts';
import { defineOperation } from '../operation.ts';

export const ForgotQuery = z.object({ email: z.string({ error: 'email is required' }).trim().min(1, 'email is required') });

/** Emails a one-time password setup link; answers the same whether or not the address is known. */
export const forgotPassword = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/user/forgotpassword',
  summary: 'Email a one-time password setup link',
  tags: ['auth'],
  access: 'public',
  query: ForgotQuery,
  response: OkResponse,
  rateLimit: 'credentials',
});
