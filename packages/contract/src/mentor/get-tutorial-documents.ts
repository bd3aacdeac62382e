import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { TutorialDocument } from './model.ts';

export const getTutorialDocuments = defineOperation({
  host: 'mentor',
  method: 'GET',
  path: '/api/tutorialdocument/getall',
  summary: "A tutorial's documents",
  tags: ['mentor'],
  access: 'user',
  query: z.object({ tutorialId: zId }),
  response: z.array(TutorialDocument),
});
