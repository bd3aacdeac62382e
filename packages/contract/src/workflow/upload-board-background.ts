import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { Board } from './model.ts';

/**
 * The board's background: multipart/form-data with one part named `file`, a png, jpeg or webp
 * image of at most BOARD_BACKGROUND_MAX_BYTES. The body is read by the route (not a JSON schema).
 */
export const uploadBoardBackground = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/board/:id/background',
  summary: "Set the board's background image (multipart, one file: png, jpeg or webp, at most 2 MB)",
  tags: ['workflow'],
  access: 'user',
  params: z.object({ id: zId }),
  response: Board,
});
