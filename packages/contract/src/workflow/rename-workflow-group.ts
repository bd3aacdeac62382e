import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WorkflowGroup, zWorkflowGroupName } from './model.ts';

/** The column menu's 'Edit' (not in the specification's catalogue, where rename was never wired). */
export const renameWorkflowGroup = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/workflow/group/update',
  summary: 'Rename a group',
  tags: ['workflow'],
  access: 'user',
  query: z.object({ workflowGroupId: zId, name: zWorkflowGroupName }),
  response: WorkflowGroup.omit({ Tickets: true, TicketCount: true }),
});
