import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { Board } from './model.ts';

/** A workflow's board (the board id is the workflow's). */
export const getBoard = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/board/:id',
  summary: "A workflow's board: its name, background image address and members",
  tags: ['workflow'],
  access: 'user',
  params: z.object({ id: zId }),
  response: Board,
});
