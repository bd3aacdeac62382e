import { z } from 'zod';
import { defineOperation } from '../operation.ts';

export const EmailBody = z.object({ Email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required') });
export const IdResponse = z.object({ Id: z.number() });

/** Admin act-as, first step: the contact id of an email. */
export const getIdByEmail = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/user/get/email',
  summary: 'Admin act-as: the contact id of an email',
  tags: ['auth'],
  access: 'admin',
  body: EmailBody,
  response: IdResponse,
});
