// The notification stream's SQL.
import type { Db } from '../../db/connection.ts';

/** A user's newest notification id and how many of theirs are unseen. */
export function notificationState(db: Db, userId: number) {
  return db
    .selectFrom('notifications')
    .select((eb) => [eb.fn.max('id').as('latest'), eb.fn.countAll<number>().filterWhere('seen_at', 'is', null).as('unseen')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The newest notification id of anyone: the poll's cue that something changed. */
export function newestNotificationId(db: Db) {
  return db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
}
