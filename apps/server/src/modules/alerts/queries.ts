// SQL of alerts and of a contact's subscriptions: reports (report_recipients of a scheduled
// report), reaction and crisis lists (word_bin_recipients) and alerts (alert_recipients), each
// read and removed by the client_contacts rows of the signed-in user.
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

/** Removes the contacts from one thing's recipients; how many rows went. */
export async function removeRecipients(db: Db, type: 1 | 2 | 3, id: number, contactIds: number[]): Promise<number> {
  if (contactIds.length === 0) return 0;
  const res =
    type === 1
      ? await db.deleteFrom('report_recipients').where('report_id', '=', id).where('contact_id', 'in', contactIds).executeTakeFirst()
      : type === 2
        ? await db.deleteFrom('word_bin_recipients').where('word_bin_id', '=', id).where('contact_id', 'in', contactIds).executeTakeFirst()
        : await db.deleteFrom('alert_recipients').where('alert_id', '=', id).where('contact_id', 'in', contactIds).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The name of what an unsubscribe link names, and the contact's address; undefined when the contact no longer receives it. */
export function linkTarget(db: Db, type: 1 | 2 | 3, id: number, contactId: number) {
  const contact = db.selectFrom('client_contacts as cc').innerJoin('users as u', 'u.id', 'cc.user_id').where('cc.id', '=', contactId);
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
