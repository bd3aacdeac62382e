import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { Workflow } from './model.ts';

export const getWordBinWorkflow = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/workflow/get/wordbin/',
  summary: "A word bin's workflow (made with the word bin, with its default group 'New'); reading it never writes",
  tags: ['workflow'],
  access: 'user',
  query: z.object({ wordBinId: zId }),
  response: Workflow,
});
