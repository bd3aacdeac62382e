import { z } from 'zod';
import { OkResponse, zId } from '../common.ts';
import { defineOperation } from '../operation.ts';

/** Admins: deletes a tutorial with its steps, attachments and registrations (its files stay for other tutorials). */
export const deleteTutorial = defineOperation({
  host: 'mentor',
  method: 'DELETE',
  path: '/api/tutorial/delete',
  summary: 'Delete a tutorial and its registrations (admins)',
  tags: ['mentor'],
  access: 'admin',
  query: z.object({ tutorialId: zId }),
  response: OkResponse,
});
