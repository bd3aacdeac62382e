import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { LoginResponse } from './model.ts';

export const LoginBody = z.object({
  Username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required'),
  Password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

/** CRM login; the password travels in the body only. Bad credentials answer 401; a contact deactivated at every client 403. */
export const login = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/user/login',
  summary: 'Log in; the password travels in the body only',
  tags: ['auth'],
  access: 'public',
  body: LoginBody,
  response: LoginResponse,
  rateLimit: 'credentials',
  errors: [401, 403],
});
