// The SQL of the bell: every statement is scoped to the user's own notifications.
import type { Db } from '../../db/connection.ts';

/** The user's newest notifications, newest first. */
export function notificationsOf(db: Db, userId: number, limit: number) {
  return db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute();
}

/** Marks the user's unseen notifications among `ids` seen; answers how many changed. */
export async function markSeen(db: Db, userId: number, ids: number[]): Promise<number> {
  const res = await db
    .updateTable('notifications')
    .set({ seen_at: new Date() })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('seen_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Deletes one of the user's notifications; answers how many went (0 or 1). */
export async function deleteNotification(db: Db, userId: number, id: number): Promise<number> {
  const res = await db.deleteFrom('notifications').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}
