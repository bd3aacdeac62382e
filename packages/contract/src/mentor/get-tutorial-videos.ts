import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { TutorialVideo } from './model.ts';

export const getTutorialVideos = defineOperation({
  host: 'mentor',
  method: 'GET',
  path: '/api/tutorialvideo/getall',
  summary: "A tutorial's videos",
  tags: ['mentor'],
  access: 'user',
  query: z.object({ tutorialId: zId }),
  response: z.array(TutorialVideo),
});
