import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';

export const getBoardBackground = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/board/:id/background',
  summary: "The board's background image, with the type sniffed at upload (png, jpeg or webp)",
  tags: ['workflow'],
  access: 'user',
  params: z.object({ id: zId }),
  response: z.any().describe('the image bytes'),
  produces: 'image/*',
});
