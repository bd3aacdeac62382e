import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { Tutorial } from './model.ts';

/** The active tutorials, of one platform when platformId is given, in their order. */
export const getActiveTutorials = defineOperation({
  host: 'mentor',
  method: 'GET',
  path: '/api/tutorial/getall/active',
  summary: 'The active tutorials, of one platform when platformId is given',
  tags: ['mentor'],
  access: 'user',
  query: z.object({ platformId: zId.optional() }),
  response: z.array(Tutorial),
});
