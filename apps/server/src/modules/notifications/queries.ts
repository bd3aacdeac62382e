// The SQL of the bell: every statement is scoped to the user's own notifications.
import type { Db } from '../../db/connection.ts';

/** The user's newest notifications, newest first, with the project and client they concern. */
export function notificationsOf(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('projects as p', (j) => j.onRef('p.id', '=', 'n.project_id').on('p.is_deleted', '=', false))
    .leftJoin('clients as c', 'c.id', 'p.client_id')
    .select([
      'n.id',
      'n.description',
      'n.created_at',
      'n.seen_at',
      'n.notification_type_id',
      'n.link',
      'p.id as project_id',
      'p.description as project_name',
      'c.id as client_id',
      'c.name as client_name',
    ])
    .where('n.user_id', '=', userId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
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

/** Marks every unseen notification of the user seen; answers how many changed. */
export async function markAllSeen(db: Db, userId: number): Promise<number> {
  const res = await db.updateTable('notifications').set({ seen_at: new Date() }).where('user_id', '=', userId).where('seen_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Deletes one of the user's notifications; answers how many went (0 or 1). */
export async function deleteNotification(db: Db, userId: number, id: number): Promise<number> {
  const res = await db.deleteFrom('notifications').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}
