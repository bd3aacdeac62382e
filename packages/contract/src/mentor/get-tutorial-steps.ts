import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { TutorialStep } from './model.ts';

export const getTutorialSteps = defineOperation({
  host: 'mentor',
  method: 'GET',
  path: '/api/tutorialstep/getall',
  summary: "A tutorial's steps, by step number",
  tags: ['mentor'],
  access: 'user',
  query: z.object({ tutorialId: zId }),
  response: z.array(TutorialStep),
});
