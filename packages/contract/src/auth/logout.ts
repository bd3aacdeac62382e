import { z } from 'zod';
import { defineOperation } from '../operation.ts';

export const logout = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/user/logout',
  summary: 'Revoke the current token',
  tags: ['auth'],
  access: 'user',
  status: 204,
  response: z.null(),
});
