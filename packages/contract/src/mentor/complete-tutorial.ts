import { IdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { TutorialContact } from './model.ts';

/** Marks the caller's registration (id) completed, at the last step. */
export const completeTutorial = defineOperation({
  host: 'mentor',
  method: 'PUT',
  path: '/api/update/complete',
  summary: "Mark the caller's registration completed",
  tags: ['mentor'],
  access: 'user',
  query: IdQuery,
  response: TutorialContact,
});
