import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { TutorialVideo } from './model.ts';

export const getTutorialVideo = defineOperation({
  host: 'mentor',
  method: 'GET',
  path: '/api/tutorialvideo/get',
  summary: 'One video of a tutorial',
  tags: ['mentor'],
  access: 'user',
  query: z.object({ tutorialVideoId: zId }),
  response: TutorialVideo,
});
