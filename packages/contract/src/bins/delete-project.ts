import { z } from 'zod';
import { OkResponse, zId } from '../common.ts';
import { defineOperation } from '../operation.ts';

export const DeleteBinQuery = z.object({
  id: zId,
  isDeleted: z.enum(['true', 'false'], { error: 'isDeleted must be true or false' }).transform((v) => v === 'true'),
  clientId: zId,
});

/** Deleting a project sets the soft-delete flag of its root bin. */
export const deleteProject = defineOperation({
  host: 'keywords',
  method: 'PUT',
  path: '/api/bins/isdeleted',
  summary: 'Soft-delete a project (its root bin)',
  tags: ['projects'],
  access: 'admin',
  query: DeleteBinQuery,
  response: OkResponse,
});
