import { z } from 'zod';
import { OkResponse, zId } from '../common.ts';
import { defineOperation } from '../operation.ts';

export const DeleteNotificationQuery = z.object({ id: zId });

export const deleteNotification = defineOperation({
  host: 'main',
  method: 'DELETE',
  path: '/api/notification/delete',
  summary: 'Delete a notification',
  tags: ['notifications'],
  access: 'user',
  query: DeleteNotificationQuery,
  response: OkResponse,
});
