import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { WorkflowClip, zWorkflowDay } from './model.ts';

export const listWorkflowClips = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/workflow/clip/getall',
  summary: "A group's tickets posted from one day up to (not including) another, newest first",
  tags: ['workflow'],
  access: 'user',
  query: z.object({ groupId: zId, from: zWorkflowDay('from'), to: zWorkflowDay('to'), projectId: zId }),
  response: z.array(WorkflowClip),
});
