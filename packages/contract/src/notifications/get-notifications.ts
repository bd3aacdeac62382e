import { defineOperation } from '../operation.ts';
import { NotificationList } from './model.ts';

export const getNotifications = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/notification/get/contact',
  summary: "The signed-in contact's notifications, newest first",
  tags: ['notifications'],
  access: 'user',
  response: NotificationList,
});
