import { deleteNotification, getNotifications, markAllNotificationsSeen, markNotificationsSeen } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as notifications from './service.ts';

/** The bell: a user's own notifications only. */
export function notificationRoutes(route: Route, { db }: Deps): void {
  route(getNotifications, ({ user }) => notifications.list(db, user));
  route(markNotificationsSeen, ({ user, body }) => notifications.markSeen(db, user, body.ids));
  route(markAllNotificationsSeen, ({ user }) => notifications.markAllSeen(db, user));
  route(deleteNotification, ({ user, query }) => notifications.remove(db, user, query.id));
}
