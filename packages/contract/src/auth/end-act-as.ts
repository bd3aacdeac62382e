import { defineOperation } from '../operation.ts';
import { LoginResponse } from './model.ts';

/**
 * The way back from act-as: ends the act-as session and opens a new session for the admin who
 * started it (their own ended when the act-as began). Only from an act-as session.
 */
export const endActAs = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/user/login/back',
  summary: 'End act-as: back to the admin’s own session',
  tags: ['auth'],
  access: 'user',
  response: LoginResponse,
  errors: [403],
});
