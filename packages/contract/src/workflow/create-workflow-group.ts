import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WorkflowGroup, zWorkflowGroupName } from './model.ts';

export const createWorkflowGroup = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/workflow/create',
  summary: "'Add New Group': a group, last on the word bin's board (its workflow created first if need be)",
  tags: ['workflow'],
  access: 'user',
  query: z.object({ wordBinId: zId, name: zWorkflowGroupName }),
  response: WorkflowGroup,
});
