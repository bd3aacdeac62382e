import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { zMentorFileName } from './model.ts';

/**
 * A tutorial's document or video by file name. Public: the document viewer's frame and the video
 * player cannot send the session's token, and these are the product's own help files, the same
 * for every client (docs/mentor.md). Rate limited per address, Range requests included.
 */
export const downloadMentorFile = defineOperation({
  host: 'mentor',
  method: 'GET',
  path: '/api/download/:fileName',
  summary: "A tutorial's document (PDF) or video by file name",
  tags: ['mentor'],
  access: 'public',
  params: z.object({ fileName: zMentorFileName }),
  response: z.any().describe('the file'),
  produces: 'application/octet-stream',
  rateLimit: 'download',
  errors: [404],
});
