import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { MentorFile } from './model.ts';

/** Admins: the files tutorials may point at, newest first. */
export const getMentorFiles = defineOperation({
  host: 'mentor',
  method: 'GET',
  path: '/api/file/getall',
  summary: 'The documents and videos tutorials may use (admins)',
  tags: ['mentor'],
  access: 'admin',
  response: z.array(MentorFile),
});
