import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { LoginResponse } from './model.ts';

export const LoginIdQuery = z.object({ contactId: zId });

/** Admin act-as: a session for another contact, remembering which admin opened it. */
export const loginAs = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/user/login/id',
  summary: 'Admin act-as: a token for another contact',
  tags: ['auth'],
  access: 'admin',
  query: LoginIdQuery,
  response: LoginResponse,
});
