// SQL of alerts and of a contact's subscriptions: reports (report_recipients of a scheduled
// report), reaction and crisis lists (word_bin_recipients), alerts (alert_recipients) and a
// project's response alerts (response_alert_recipients and word bins' Response Contacts), each
// read and removed by the client_contacts rows of the signed-in user.
import { RECIPIENT_TYPES } from '@listening/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

export function alertsOf(db: Db, projectId: number) {
  return db.selectFrom('alerts').selectAll().where('project_id', '=', projectId).orderBy('id', 'desc').execute();
}

export function alert(db: Db, id: number) {
  return db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function recipientsOf(db: Db, alertIds: number[]) {
  if (alertIds.length === 0) return [];
  return db
    .selectFrom('alert_recipients as r')
    .innerJoin('client_contacts as cc', 'cc.id', 'r.contact_id')
    .innerJoin('users as u', 'u.id', 'cc.user_id')
    .select(['r.alert_id', 'cc.id as contact_id', 'u.name', 'u.surname', 'u.email'])
    .where('r.alert_id', 'in', alertIds)
    .orderBy('u.name')
    .orderBy('u.surname')
    .orderBy('r.id')
    .execute();
}

export async function insertAlert(
  db: Db,
  values: {
    client_id: number;
    project_id: number;
    name: string;
    interval_minutes: number;
    start_date: Date;
    created_by: number;
    sentiment_id: number;
    keyword: string | null;
  },
  contactIds: number[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('alerts').values(values).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('alert_recipients')
      .values(contactIds.map((contact_id) => ({ alert_id: id, contact_id })))
      .execute();
    return id;
  });
}

export async function deleteAlert(db: Db, id: number): Promise<void> {
  await db.deleteFrom('alerts').where('id', '=', id).execute();
}

export function clientTimeZone(db: Db, clientId: number) {
  return db.selectFrom('clients').select('time_zone').where('id', '=', clientId).executeTakeFirstOrThrow();
}

/** The user's active memberships: the contacts whose subscriptions they see and may cancel. */
export async function contactIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('client_contacts').select('id').where('user_id', '=', userId).where('is_active', '=', true).execute();
  return rows.map((r) => r.id);
}

/** Scheduled reports the contacts receive, with their first schedule's frequency. */
export function reportSubscriptions(db: Db, contactIds: number[]) {
  return db
    .selectFrom('report_recipients as rr')
    .innerJoin('reports as r', 'r.id', 'rr.report_id')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .select((eb) => [
      'r.id',
      'r.name',
      'p.id as project_id',
      'p.client_id',
      'p.description as project_name',
      eb.selectFrom('report_schedules as s').select('s.frequency_id').whereRef('s.report_id', '=', 'r.id').orderBy('s.id').limit(1).as('frequency_id'),
    ])
    .where('rr.contact_id', 'in', contactIds)
    .where('r.deleted', '=', false)
    .where('p.is_deleted', '=', false)
    .where(({ exists, selectFrom }) => exists(selectFrom('report_schedules as s').select('s.id').whereRef('s.report_id', '=', 'r.id')))
    .distinct()
    .execute();
}

/** Active reaction and crisis lists the contacts receive. */
export function wordBinSubscriptions(db: Db, contactIds: number[]) {
  return db
    .selectFrom('word_bin_recipients as wr')
    .innerJoin('word_bins as b', 'b.id', 'wr.word_bin_id')
    .innerJoin('projects as p', 'p.id', 'b.project_id')
    .select(['b.id', 'b.description as name', 'b.notification_interval as interval', 'p.id as project_id', 'p.client_id', 'p.description as project_name'])
    .where('wr.contact_id', 'in', contactIds)
    .where('b.is_active', '=', true)
    .where('p.is_deleted', '=', false)
    .distinct()
    .execute();
}

/** Alerts the contacts receive. */
export function alertSubscriptions(db: Db, contactIds: number[]) {
  return db
    .selectFrom('alert_recipients as ar')
    .innerJoin('alerts as a', 'a.id', 'ar.alert_id')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .select(['a.id', 'a.name', 'a.interval_minutes as interval', 'p.id as project_id', 'p.client_id', 'p.description as project_name'])
    .where('ar.contact_id', 'in', contactIds)
    .where('p.is_deleted', '=', false)
    .distinct()
    .execute();
}

/**
 * Projects whose response alerts the contacts receive (docs/responses.md, "Alerts"): as a contact of
 * the project's active Response alert setting, or as a Response Contact (recipient type 3) of one of
 * its active word bins; with the setting's wait (null: none, an hour).
 */
export function responseAlertSubscriptions(db: Db, contactIds: number[]) {
  return db
    .selectFrom('projects as p')
    .leftJoin('response_alert_settings as s', 's.project_id', 'p.id')
    .select(['p.id', 'p.client_id', 'p.description as project_name', 's.wait_minutes'])
    .where('p.is_deleted', '=', false)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('s.is_active', '=', true),
          eb.exists(
            eb
              .selectFrom('response_alert_recipients as ar')
              .select('ar.contact_id')
              .whereRef('ar.project_id', '=', 'p.id')
              .where('ar.contact_id', 'in', contactIds),
          ),
        ]),
        eb.exists(
          eb
            .selectFrom('word_bin_recipients as wr')
            .innerJoin('word_bins as b', 'b.id', 'wr.word_bin_id')
            .select('wr.id')
            .whereRef('b.project_id', '=', 'p.id')
            .where('b.is_active', '=', true)
            .where('wr.recipient_type_id', '=', RECIPIENT_TYPES.ResponseContact)
            .where('wr.contact_id', 'in', contactIds),
        ),
      ]),
    )
    .execute();
}

/**
 * Stops a project's response alerts for the contacts: off its Response alert setting's contacts,
 * and, on its word bins, from Response Contact to Alert Contact (the list itself still reaches
 * them: stopping that is the list's own unsubscribe). How many rows changed.
 */
async function removeResponseRecipients(db: Db, projectId: number, contactIds: number[]): Promise<number> {
  const off = await db.deleteFrom('response_alert_recipients').where('project_id', '=', projectId).where('contact_id', 'in', contactIds).executeTakeFirst();
  const down = await db
    .updateTable('word_bin_recipients')
    .set({ recipient_type_id: RECIPIENT_TYPES.AlertContact })
    .where('contact_id', 'in', contactIds)
    .where('recipient_type_id', '=', RECIPIENT_TYPES.ResponseContact)
    .where('word_bin_id', 'in', (eb) => eb.selectFrom('word_bins').select('id').where('project_id', '=', projectId))
    .executeTakeFirst();
  return Number(off.numDeletedRows) + Number(down.numUpdatedRows);
}

/** Removes the contacts from one thing's recipients (4: a project's response alerts); how many rows went. */
export async function removeRecipients(db: Db, type: 1 | 2 | 3 | 4, id: number, contactIds: number[]): Promise<number> {
  if (contactIds.length === 0) return 0;
  if (type === 4) return removeResponseRecipients(db, id, contactIds);
  const res =
    type === 1
      ? await db.deleteFrom('report_recipients').where('report_id', '=', id).where('contact_id', 'in', contactIds).executeTakeFirst()
      : type === 2
        ? await db.deleteFrom('word_bin_recipients').where('word_bin_id', '=', id).where('contact_id', 'in', contactIds).executeTakeFirst()
        : await db.deleteFrom('alert_recipients').where('alert_id', '=', id).where('contact_id', 'in', contactIds).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The name of what an unsubscribe link names, and the contact's address; undefined when the contact no longer receives it. */
export async function linkTarget(db: Db, type: 1 | 2 | 3 | 4, id: number, contactId: number): Promise<{ name: string; email: string } | undefined> {
  const contact = db.selectFrom('client_contacts as cc').innerJoin('users as u', 'u.id', 'cc.user_id').where('cc.id', '=', contactId);
  if (type === 4) {
    const [sub] = await responseAlertSubscriptions(db, [contactId]).then((rows) => rows.filter((r) => r.id === id));
    const who = sub && (await contact.select('u.email').executeTakeFirst());
    return who ? { name: `Response alert of ${sub.project_name}`, email: who.email } : undefined;
  }
  if (type === 1)
    return contact
      .innerJoin('report_recipients as x', (j) => j.onRef('x.contact_id', '=', 'cc.id').on('x.report_id', '=', id))
      .innerJoin('reports as t', 't.id', 'x.report_id')
      .select(['t.name', 'u.email'])
      .executeTakeFirst();
  if (type === 2)
    return contact
      .innerJoin('word_bin_recipients as x', (j) => j.onRef('x.contact_id', '=', 'cc.id').on('x.word_bin_id', '=', id))
      .innerJoin('word_bins as t', 't.id', 'x.word_bin_id')
      .select(['t.description as name', 'u.email'])
      .executeTakeFirst();
  return contact
    .innerJoin('alert_recipients as x', (j) => j.onRef('x.contact_id', '=', 'cc.id').on('x.alert_id', '=', id))
    .innerJoin('alerts as t', 't.id', 'x.alert_id')
    .select(['t.name', 'u.email'])
    .executeTakeFirst();
}

/** A word-bin digest's older link: its recipient row, the list's name and the address. */
export function legacyWordBinRecipient(db: Db, recipientId: number) {
  return db
    .selectFrom('word_bin_recipients as r')
    .innerJoin('word_bins as b', 'b.id', 'r.word_bin_id')
    .innerJoin('client_contacts as cc', 'cc.id', 'r.contact_id')
    .innerJoin('users as u', 'u.id', 'cc.user_id')
    .select(['r.id', 'b.description as name', 'u.email'])
    .where('r.id', '=', recipientId)
    .executeTakeFirst();
}

export async function deleteWordBinRecipient(db: Db, recipientId: number): Promise<void> {
  await db.deleteFrom('word_bin_recipients').where('id', '=', recipientId).execute();
}

/** Alerts started by `now`, of a live project whose client owns one of the Notifications products: the job's candidates. */
export function startedAlerts(db: Db, now: Date, productCodes: string[]) {
  return db
    .selectFrom('alerts as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .select(['a.id', 'a.start_date', 'a.created_at', 'a.date_last_sent', 'a.interval_minutes'])
    .where('p.is_deleted', '=', false)
    .where('a.start_date', '<=', now)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('client_products as cp').select('cp.client_id').whereRef('cp.client_id', '=', 'a.client_id').where('cp.product_code', 'in', productCodes),
      ),
    )
    .execute();
}

/** An alert's row, locked for this transaction; undefined when another worker holds it (it is sending this window). */
export function lockAlert(trx: Db, id: number) {
  return trx.selectFrom('alerts').selectAll().where('id', '=', id).forUpdate().skipLocked().executeTakeFirst();
}

export function alertProject(db: Db, projectId: number) {
  return db.selectFrom('projects').select(['id', 'bin_id', 'description', 'is_deleted']).where('id', '=', projectId).executeTakeFirst();
}

/** Which of a bin's mentions an alert counts: stored in [from, to), not rejected, of a favourability and matching a pattern when given. */
export interface MentionWindow {
  binId: number;
  from: Date;
  to: Date;
  favourabilityId?: number;
  /** A case-insensitive regular expression the post's text must match. */
  pattern: string | null;
}

/** How many mentions the window holds, and the first `limit` of them in the order stored. */
export async function mentionsInWindow(db: Db, w: MentionWindow, limit: number) {
  const inWindow = db
    .selectFrom('bin_clips as bc')
    .where('bc.bin_id', '=', w.binId)
    .where('bc.created_at', '>=', w.from)
    .where('bc.created_at', '<', w.to)
    .where('bc.rejected', '=', false)
    .$if(w.favourabilityId !== undefined, (qb) => qb.where('bc.favourability_id', '=', w.favourabilityId!))
    .$if(w.pattern !== null, (qb) =>
      qb.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('clips as kc')
            .select('kc.id')
            .whereRef('kc.id', '=', 'bc.clip_id')
            .where(sql<boolean>`kc.body ~* ${w.pattern}`),
        ),
      ),
    );
  const { n } = await inWindow.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(n) === 0) return { total: 0, rows: [] };
  const rows = await inWindow
    .innerJoin('clips as c', 'c.id', 'bc.clip_id')
    .leftJoin('authors as au', 'au.id', 'c.author_id')
    .select(['c.id', 'c.body', 'c.link', 'c.posted_at', 'c.stream_id', 'au.name', 'au.handle', 'bc.classification_id'])
    .orderBy('bc.created_at')
    .orderBy('bc.id')
    .limit(limit)
    .execute();
  return { total: Number(n), rows };
}

/** Logs an alert's window; undefined when that window was already logged. */
export function insertAlertLog(trx: Db, log: { alertId: number; from: Date; to: Date; clips: number }) {
  return trx
    .insertInto('alert_logs')
    .values({ alert_id: log.alertId, date_from: log.from, date_to: log.to, clip_count: log.clips })
    .onConflict((oc) => oc.columns(['alert_id', 'date_from']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** An alert's recipients who may still receive it: active contacts of the alert's own client. */
export function activeRecipientsOf(db: Db, alert: { id: number; client_id: number }) {
  return db
    .selectFrom('alert_recipients as r')
    .innerJoin('client_contacts as cc', 'cc.id', 'r.contact_id')
    .innerJoin('users as u', 'u.id', 'cc.user_id')
    .select(['cc.id as contact_id', 'u.id as user_id', 'u.email'])
    .where('r.alert_id', '=', alert.id)
    .where('cc.client_id', '=', alert.client_id)
    .where('cc.is_active', '=', true)
    .orderBy('r.id')
    .execute();
}

export async function setAlertLastSent(trx: Db, id: number, at: Date): Promise<void> {
  await trx.updateTable('alerts').set({ date_last_sent: at }).where('id', '=', id).execute();
}
