import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { TutorialDetail } from './model.ts';

/** The mentor detail: one tutorial with its steps, documents and videos (a type-4 notification shows it). */
export const getTutorial = defineOperation({
  host: 'mentor',
  method: 'GET',
  path: '/api/tutorial/get',
  summary: 'A tutorial with its steps, documents and videos',
  tags: ['mentor'],
  access: 'user',
  query: z.object({ tutorialId: zId }),
  response: TutorialDetail,
});
