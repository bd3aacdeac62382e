// The SQL of the admin-only views.
import type { Db } from '../../db/connection.ts';

/** The newest mails of the outbox, newest first. */
export function outbox(db: Db, limit: number) {
  return db.selectFrom('mail_outbox').select(['id', 'to', 'subject', 'text', 'created_at', 'status']).orderBy('id', 'desc').limit(limit).execute();
}

/** A page of the audit log, newest first, with the emails of the users it names. */
export function auditLog(db: Db, limit: number, before: number | undefined) {
  let q = db
    .selectFrom('audit_log as a')
    .leftJoin('users as actor', 'actor.id', 'a.actor_id')
    .leftJoin('users as acting', 'acting.id', 'a.acting_as_id')
    .select([
      'a.id',
      'a.created_at',
      'a.actor_id',
      'actor.email as actor_email',
      'a.acting_as_id',
      'acting.email as acting_email',
      'a.action',
      'a.target',
      'a.detail',
      'a.ip',
    ])
    .orderBy('a.id', 'desc')
    .limit(limit);
  if (before !== undefined) q = q.where('a.id', '<', before);
  return q.execute();
}
