import { z } from 'zod';
import { OkResponse, zId } from '../common.ts';
import { defineOperation } from '../operation.ts';

export const RenameBinQuery = z.object({
  binId: zId,
  binName: z.string({ error: 'binName is required' }).trim().min(1, 'binName is required').max(200, 'binName is longer than 200 characters'),
});

/** A project is renamed through its root bin on the keywords host. */
export const renameProject = defineOperation({
  host: 'keywords',
  method: 'PUT',
  path: '/api/bins/updatename',
  summary: 'Rename a project (its root bin)',
  tags: ['projects'],
  access: 'admin',
  query: RenameBinQuery,
  response: OkResponse,
});
