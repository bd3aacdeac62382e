import { z } from 'zod';
import { OkResponse } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { zWorkflowGroupIdOrPlaceholder } from './model.ts';

export const deleteWorkflowGroup = defineOperation({
  host: 'main',
  method: 'DELETE',
  path: '/api/workflow/delete',
  summary: 'Delete a group (not the default one, nor the placeholder 999999999999): its tickets go back to the default group',
  tags: ['workflow'],
  access: 'user',
  query: z.object({ workFlowId: zWorkflowGroupIdOrPlaceholder }),
  response: OkResponse,
});
