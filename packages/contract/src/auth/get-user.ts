import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { User } from './model.ts';

/** Without an id: the signed-in user. With one: that user (admins, or oneself). */
export const UserQuery = z.object({ id: zId.optional() });

export const getUser = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/user/get',
  summary: 'The signed-in user, or a user by id (admins, or oneself)',
  tags: ['auth'],
  access: 'user',
  query: UserQuery,
  response: User,
});
