import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { Tutorial, zPathName } from './model.ts';

/** The active tutorials for a screen of the app (the header's "Help for this screen" entry). */
export const getPageTutorials = defineOperation({
  host: 'mentor',
  method: 'GET',
  path: '/api/tutorial/getall/pageLocation',
  summary: 'The active tutorials whose page location covers a path of the app',
  tags: ['mentor'],
  access: 'user',
  query: z.object({ pathName: zPathName }),
  response: z.array(Tutorial),
});
