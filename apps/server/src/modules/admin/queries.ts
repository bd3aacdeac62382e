// The SQL of the admin-only views.
import { sql } from 'kysely';
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

/** Every connector instance's counts, with the project and client it collects for. */
export function connectorStats(db: Db) {
  return db
    .selectFrom('connector_stats as s')
    .leftJoin('projects as p', 'p.id', 's.project_id')
    .leftJoin('clients as c', 'c.id', 'p.client_id')
    .select([
      's.connector',
      's.project_id',
      'p.description as project_name',
      'c.name as client_name',
      's.runs',
      's.collected',
      's.skipped',
      's.last_run_at',
      's.last_ended',
      's.last_error',
      's.last_error_at',
      's.stopped_runs',
    ])
    .orderBy('c.name')
    .orderBy('p.description')
    .orderBy('s.connector')
    .execute();
}

/** Connector kinds whose skip rate is over the threshold, with the reasons admins were told of. */
export function skipAlerts(db: Db) {
  return db
    .selectFrom('connector_skip_windows')
    .select(['connector', 'alerting'])
    .where(sql<boolean>`cardinality(alerting) > 0`)
    .orderBy('connector')
    .execute();
}
