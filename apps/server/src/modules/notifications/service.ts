// The bell: a user's own notifications only. Another user's notification is never listed, marking
// it changes nothing, and deleting it answers 404 as if it did not exist.
import type { OperationResult } from '@listening/contract';
import type * as C from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import { visibleClientIds } from '../../access/index.ts';
import { notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

/** How many notifications the bell shows at most. */
const BELL_LIMIT = 100;

export async function list(db: Db, user: AuthUser): Promise<OperationResult<typeof C.getNotifications>> {
  const rows = await q.notificationsOf(db, user.id, BELL_LIMIT);
  // A project is named only while the user may still see its client: a contact who has left a
  // client keeps the message but not the way into it.
  const visible = await visibleClientIds(db, user);
  const mayOpen = (clientId: number | null) => clientId !== null && (visible === 'all' || visible.includes(clientId));
  return rows.map((n) => {
    const open = mayOpen(n.client_id);
    return {
      Id: n.id,
      Description: n.description,
      DateCreated: n.created_at.toISOString(),
      DateSeen: n.seen_at ? n.seen_at.toISOString() : null,
      NotificationTypeId: n.notification_type_id,
      ClientId: open ? n.client_id : null,
      ClientName: open ? n.client_name : null,
      ProjectId: open ? n.project_id : null,
      ProjectName: open ? n.project_name : null,
      Link: n.link && n.link.startsWith('/') && !n.link.startsWith('//') ? n.link : null,
    };
  });
}

export async function markSeen(db: Db, user: AuthUser, ids: number[]): Promise<OperationResult<typeof C.markNotificationsSeen>> {
  return { updated: await q.markSeen(db, user.id, ids) };
}

/** 'Mark all read': only the user's own notifications, however many. */
export async function markAllSeen(db: Db, user: AuthUser): Promise<OperationResult<typeof C.markAllNotificationsSeen>> {
  return { updated: await q.markAllSeen(db, user.id) };
}

export async function remove(db: Db, user: AuthUser, id: number): Promise<OperationResult<typeof C.deleteNotification>> {
  if ((await q.deleteNotification(db, user.id, id)) === 0) throw notFound(`Notification ${id} not found`);
  return { ok: true };
}
