import { defineOperation } from '../operation.ts';
import { AlertDeleted, AlertIdParams } from './model.ts';

/** Deletes an alert; its recipients receive nothing more. */
export const deleteAlert = defineOperation({
  host: 'main',
  method: 'DELETE',
  path: '/api/alert/:id',
  summary: 'Delete an alert',
  tags: ['alerts'],
  access: 'user',
  params: AlertIdParams,
  response: AlertDeleted,
});
