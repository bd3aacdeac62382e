import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { TutorialContact } from './model.ts';

/** Moves a registration to a step (1 to the tutorial's step count): Next and Back of the player. */
export const updateTutorialStep = defineOperation({
  host: 'mentor',
  method: 'PUT',
  path: '/api/tutorialcontact/update',
  summary: "Move the caller's registration to a step number",
  tags: ['mentor'],
  access: 'user',
  query: z.object({
    tutorialContactId: zId,
    stepNumber: z.coerce
      .number<number>({ error: 'stepNumber must be a number' })
      .int('stepNumber must be a whole number')
      .min(1, 'stepNumber must be at least 1')
      .max(1000, 'stepNumber is too large'),
  }),
  response: TutorialContact,
});
