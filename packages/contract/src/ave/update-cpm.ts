import { defineOperation } from '../operation.ts';
import { UpdateCpmBody, UpdateCpmResult } from './model.ts';

/** Sets a client's CPM for some streams (admins); the client's stored posts are revalued at once. */
export const updateCpm = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/ave/cpm',
  summary: "Change a client's CPM per stream and revalue its stored posts",
  tags: ['ave'],
  access: 'admin',
  body: UpdateCpmBody,
  response: UpdateCpmResult,
});
