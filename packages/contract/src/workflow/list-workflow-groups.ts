import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WorkflowGroup } from './model.ts';

export const listWorkflowGroups = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/workflow/group/getall',
  summary: "A workflow's live groups in board order, each with its tickets (newest first)",
  tags: ['workflow'],
  access: 'user',
  query: z.object({ workflowId: zId }),
  response: z.array(WorkflowGroup),
});
