import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { Tutorial } from './model.ts';

/** Admins: every tutorial, drafts (inactive) included. */
export const getAllTutorials = defineOperation({
  host: 'mentor',
  method: 'GET',
  path: '/api/tutorial/getall',
  summary: 'Every tutorial, inactive ones included (admins)',
  tags: ['mentor'],
  access: 'admin',
  response: z.array(Tutorial),
});
