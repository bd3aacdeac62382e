import { defineOperation } from '../operation.ts';
import { SeenResponse } from './mark-notifications-seen.ts';

/** The bell's 'Mark all read': every unseen notification of the signed-in user, listed or older, becomes seen. */
export const markAllNotificationsSeen = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/notification/seen/all',
  summary: "Mark all of the signed-in user's notifications seen",
  tags: ['notifications'],
  access: 'user',
  response: SeenResponse,
});
