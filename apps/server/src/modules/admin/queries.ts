// The SQL of the admin-only views.
import type { Db } from '../../db/connection.ts';

/** The newest mails of the outbox, newest first. */
export function outbox(db: Db, limit: number) {
  return db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
