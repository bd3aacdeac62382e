import { z } from 'zod';
import { OkResponse, zId } from '../common.ts';
import { defineOperation } from '../operation.ts';

export const moveWorkflowClip = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/workflow/clip/update',
  summary: "Move a ticket (a word bin's matched clip) to another group of the same workflow",
  tags: ['workflow'],
  access: 'user',
  query: z.object({ workflowClipId: zId, groupId: zId }),
  response: OkResponse,
});
