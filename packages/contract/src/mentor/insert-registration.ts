import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { TutorialContact } from './model.ts';

/** Registers the signed-in contact for a tutorial at step 1; an existing registration is answered as it is. */
export const insertRegistration = defineOperation({
  host: 'mentor',
  method: 'POST',
  path: '/api/insertRegistration',
  summary: 'Register the signed-in contact for a tutorial (contactId must be their own)',
  tags: ['mentor'],
  access: 'user',
  query: z.object({ tutorialId: zId, contactId: zId }),
  response: TutorialContact,
});
