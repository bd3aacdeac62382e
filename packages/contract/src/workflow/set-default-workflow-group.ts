import { z } from 'zod';
import { OkResponse, zId } from '../common.ts';
import { defineOperation } from '../operation.ts';

export const setDefaultWorkflowGroup = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/workflow/group/default',
  summary: "'Set As Default': newly matched clips arrive in this group from now on; tickets already on the board stay where they are",
  tags: ['workflow'],
  access: 'user',
  query: z.object({ workflowId: zId, workflowGroupId: zId }),
  response: OkResponse,
});
