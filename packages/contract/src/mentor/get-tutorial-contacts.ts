import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { TutorialContact } from './model.ts';

/** A contact's registrations: the signed-in contact's own (an admin may read anyone's). */
export const getTutorialContacts = defineOperation({
  host: 'mentor',
  method: 'GET',
  path: '/api/tutorialcontact/get',
  summary: "A contact's tutorial registrations and progress (the caller's own)",
  tags: ['mentor'],
  access: 'user',
  query: z.object({ contactId: zId }),
  response: z.array(TutorialContact),
});
