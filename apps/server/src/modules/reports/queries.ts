// SQL of reports, their recipients, request log and schedules. Every list joins the client for its
// time zone (answers show the client's wall clock) and can be narrowed to clients, a project and a kind.
import type { ReportKind } from '@listening/contract';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { dropFileIfUnused } from '../../reports/files.ts';

export interface ListFilter {
  /** The clients the caller may see; 'all' for admins. */
  clientIds: number[] | 'all';
  clientId?: number;
  projectId?: number;
  kind?: ReportKind;
  /** The request log of one contact (client_contacts id). */
  contactId?: number;
}

/** The shared narrowing of every list, on the `r` (reports) alias. */
const narrowed =
  (f: ListFilter) =>
  <D, TB extends keyof D, O>(qb: SelectQueryBuilder<D, TB, O>): SelectQueryBuilder<D, TB, O> => {
    const ids = f.clientIds === 'all' ? null : f.clientIds.length ? f.clientIds : [0];
    return qb
      .where(sql.ref('r.deleted'), '=', false)
      .$if(ids !== null, (q) => q.where(sql.ref('r.client_id'), 'in', ids!))
      .$if(f.clientId !== undefined, (q) => q.where(sql.ref('r.client_id'), '=', f.clientId!))
      .$if(f.projectId !== undefined, (q) => q.where(sql.ref('r.project_id'), '=', f.projectId!))
      .$if(f.kind !== undefined, (q) => q.where(sql.ref('r.kind'), '=', f.kind!));
  };

const reportColumns = [
  'r.id',
  'r.client_id',
  'r.project_id',
  'r.contact_id',
  'r.name',
  'r.kind',
  'r.created_at',
  'r.layout_id',
  'r.template_ids',
  'r.stream_ids',
  'r.bin_ids',
  'p.description as project_name',
  'u.name as creator_name',
  'u.surname as creator_surname',
] as const;

function reportRows(db: Db) {
  return db
    .selectFrom('reports as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .leftJoin('client_contacts as cc', 'cc.id', 'r.contact_id')
    .leftJoin('users as u', 'u.id', 'cc.user_id')
    .select(reportColumns)
    .select((eb) =>
      eb
        .fn<number[]>('array', [
          eb.selectFrom('report_recipients as rr').select('rr.contact_id').whereRef('rr.report_id', '=', 'r.id').orderBy('rr.contact_id'),
        ])
        .as('recipient_ids'),
    );
}
export type ReportRow = Awaited<ReturnType<ReturnType<typeof reportRows>['execute']>>[number];

export function listReports(db: Db, f: ListFilter) {
  return reportRows(db).$call(narrowed(f)).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').execute();
}

export function report(db: Db, id: number) {
  return reportRows(db).where('r.id', '=', id).where('r.deleted', '=', false).executeTakeFirst();
}

export interface ReportValues {
  client_id: number;
  project_id: number;
  contact_id: number | null;
  name: string;
  kind: ReportKind;
  layout_id: number;
  template_ids: number[];
  stream_ids: number[];
  bin_ids: number[];
}

/** Inserts or updates a report and replaces its recipients, in one transaction. */
export async function saveReport(db: Db, id: number | undefined, values: ReportValues, recipientIds: number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let reportId: number;
    if (id === undefined) {
      reportId = (await trx.insertInto('reports').values(values).returning('id').executeTakeFirstOrThrow()).id;
    } else {
      // The creator stays who created it.
      const { contact_id: _creator, ...changed } = values;
      await trx.updateTable('reports').set(changed).where('id', '=', id).execute();
      await trx.deleteFrom('report_recipients').where('report_id', '=', id).execute();
      reportId = id;
    }
    if (recipientIds.length)
      await trx
        .insertInto('report_recipients')
        .values(recipientIds.map((contact_id) => ({ report_id: reportId, contact_id })))
        .execute();
    return reportId;
  });
}

/** Marks a report deleted (its log stays readable to no one) and drops its schedules. */
export async function deleteReport(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('reports').set({ deleted: true }).where('id', '=', id).execute();
    await trx.deleteFrom('report_schedules').where('report_id', '=', id).execute();
  });
}

/** The caller's client_contacts row for a client (the creator and requester), if any. */
export async function contactOf(db: Db, userId: number, clientId: number): Promise<number | null> {
  const row = await db.selectFrom('client_contacts').select('id').where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  return row?.id ?? null;
}

/** Which of these client_contacts ids are active contacts of the client. */
export async function clientContactIds(db: Db, clientId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('client_contacts')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', 'in', ids)
    .where('is_active', '=', true)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Which of these bin ids are live bins of the project. */
export async function projectBinIds(db: Db, projectId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('bins').select('id').where('project_id', '=', projectId).where('id', 'in', ids).where('is_deleted', '=', false).execute();
  return new Set(rows.map((r) => r.id));
}

/** A contact's client (for the log of one contact). */
export function contactClient(db: Db, contactId: number) {
  return db.selectFrom('client_contacts').select('client_id').where('id', '=', contactId).executeTakeFirst();
}

// ---- request log

function requestRows(db: Db) {
  return db
    .selectFrom('report_requests as q')
    .innerJoin('reports as r', 'r.id', 'q.report_id')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select([
      'q.guid',
      'q.report_id',
      'q.contact_id',
      'q.requested_at',
      'q.date_start',
      'q.date_end',
      'q.completed',
      'q.is_listing',
      'q.error',
      'q.file_id',
      'q.file_path',
      'q.file_size',
      'q.content_type',
      'r.name as report_name',
      'r.kind',
      'r.project_id',
      'r.client_id',
      'r.layout_id',
      'c.time_zone',
    ]);
}
export type RequestRow = Awaited<ReturnType<ReturnType<typeof requestRows>['execute']>>[number];

export function listRequests(db: Db, f: ListFilter) {
  return requestRows(db)
    .$call(narrowed(f))
    .$if(f.contactId !== undefined, (q) => q.where('q.contact_id', '=', f.contactId!))
    .orderBy('q.requested_at', 'desc')
    .orderBy('q.guid')
    .execute();
}

export function request(db: Db, guid: string) {
  return requestRows(db).where('q.guid', '=', guid).where('r.deleted', '=', false).executeTakeFirst();
}

export async function insertRequest(
  db: Db,
  v: { guid: string; report_id: number; contact_id: number | null; date_start: Date; date_end: Date; is_listing: boolean },
): Promise<void> {
  await db.insertInto('report_requests').values(v).execute();
}

/** The request's current file, its row locked for the caller's transaction (a send against a regenerate). */
export function lockedFile(trx: Db, guid: string) {
  return trx.selectFrom('report_requests').select(['file_id', 'file_path', 'content_type']).where('guid', '=', guid).forUpdate().executeTakeFirst();
}

/** Back to 'Generating...': the file (unless a queued mail still carries it) and any error are dropped until the job makes it again. */
export async function resetRequest(db: Db, guid: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const old = await lockedFile(trx, guid);
    await trx
      .updateTable('report_requests')
      .set({ completed: false, error: null, file_id: null, file_path: null, file_size: null, content_type: null, requested_at: sql<Date>`now()` })
      .where('guid', '=', guid)
      .execute();
    if (old?.file_id) await dropFileIfUnused(trx, old.file_id);
  });
}

/** Deletes the request, and its file unless a queued mail still carries it. */
export async function deleteRequest(db: Db, guid: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const old = await lockedFile(trx, guid);
    await trx.deleteFrom('report_requests').where('guid', '=', guid).execute();
    if (old?.file_id) await dropFileIfUnused(trx, old.file_id);
  });
}

// ---- rate limits

export type RateAction = 'generate' | 'send';

/** Advisory lock namespaces of the rate limits (the first key of the two-key form). */
const RATE_LOCK_USER = 0x52505531;
const RATE_LOCK_CLIENT = 0x52504331;

/**
 * Takes the caller's and the client's turn for counting (transaction-scoped advisory locks, user
 * first, then client), so concurrent calls are counted one after another and cannot overshoot.
 */
export async function lockRateEvents(trx: Db, userId: number, clientId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${RATE_LOCK_USER}::int, ${userId}::int), pg_advisory_xact_lock(${RATE_LOCK_CLIENT}::int, ${clientId}::int)`.execute(
    trx,
  );
}

/** When each of the action's events since `since` happened, oldest first: by this user, or for this client. */
export async function rateEvents(trx: Db, action: RateAction, by: { userId: number } | { clientId: number }, since: Date): Promise<Date[]> {
  const rows = await trx
    .selectFrom('report_rate_events')
    .select('created_at')
    .where('action', '=', action)
    .$if('userId' in by, (qb) => qb.where('user_id', '=', (by as { userId: number }).userId))
    .$if('clientId' in by, (qb) => qb.where('client_id', '=', (by as { clientId: number }).clientId))
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.created_at);
}

export async function insertRateEvent(trx: Db, v: { action: RateAction; user_id: number; client_id: number; created_at: Date }): Promise<void> {
  await trx.insertInto('report_rate_events').values(v).execute();
}

/** The report's recipients who may still receive it: active contacts of the report's client. */
export function recipients(db: Db, reportId: number) {
  return db
    .selectFrom('report_recipients as rr')
    .innerJoin('reports as r', 'r.id', 'rr.report_id')
    .innerJoin('client_contacts as cc', (j) => j.onRef('cc.id', '=', 'rr.contact_id').onRef('cc.client_id', '=', 'r.client_id'))
    .innerJoin('users as u', 'u.id', 'cc.user_id')
    .select(['cc.id as contact_id', 'u.email', 'u.name'])
    .where('rr.report_id', '=', reportId)
    .where('cc.is_active', '=', true)
    .orderBy('cc.id')
    .execute();
}

// ---- schedules

function scheduleRows(db: Db) {
  return db
    .selectFrom('report_schedules as s')
    .innerJoin('reports as r', 'r.id', 's.report_id')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select([
      's.id',
      's.report_id',
      's.date_next_send',
      's.date_last_sent',
      's.frequency_id',
      'r.name as report_name',
      'r.kind',
      'r.project_id',
      'r.client_id',
      'c.time_zone',
    ]);
}
export type ScheduleRow = Awaited<ReturnType<ReturnType<typeof scheduleRows>['execute']>>[number];

export function listSchedules(db: Db, f: ListFilter) {
  return scheduleRows(db).$call(narrowed(f)).orderBy('s.date_next_send').orderBy('s.id').execute();
}

export function scheduleById(db: Db, id: number) {
  return scheduleRows(db).where('s.id', '=', id).where('r.deleted', '=', false).executeTakeFirst();
}

/** Whether the report has a schedule (a schedule sends to its recipients). */
export async function isScheduled(db: Db, reportId: number): Promise<boolean> {
  return !!(await db.selectFrom('report_schedules').select('id').where('report_id', '=', reportId).limit(1).executeTakeFirst());
}

export async function insertSchedule(db: Db, v: { report_id: number; date_next_send: Date; frequency_id: number }): Promise<number> {
  return (await db.insertInto('report_schedules').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateSchedule(db: Db, id: number, v: { date_next_send: Date; frequency_id: number }): Promise<void> {
  await db.updateTable('report_schedules').set(v).where('id', '=', id).execute();
}

export async function deleteSchedule(db: Db, id: number): Promise<void> {
  await db.deleteFrom('report_schedules').where('id', '=', id).execute();
}

/** The client of a live project, or undefined when there is none. */
export function liveProjectClient(db: Db, projectId: number) {
  return db.selectFrom('projects').select('client_id').where('id', '=', projectId).where('is_deleted', '=', false).executeTakeFirst();
}

/** Forgets the rate-limit events older than `before`; answers how many went. */
export async function purgeRateEvents(db: Db, before: Date): Promise<number> {
  return (await db.deleteFrom('report_rate_events').where('created_at', '<', before).returning('id').execute()).length;
}

/** The ids of the schedules of live reports due by `now`, the most overdue first. */
export function dueSchedules(db: Db, now: Date) {
  return db
    .selectFrom('report_schedules as s')
    .innerJoin('reports as r', 'r.id', 's.report_id')
    .select('s.id')
    .where('s.date_next_send', '<=', now)
    .where('r.deleted', '=', false)
    .orderBy('s.date_next_send')
    .execute();
}

/** A schedule still due by `now`, with its client's time zone, locked for the transaction;
 * undefined when another worker holds it (it is sending this moment) or it was sent. */
export function lockDueSchedule(trx: Db, id: number, now: Date) {
  return trx
    .selectFrom('report_schedules as s')
    .innerJoin('reports as r', 'r.id', 's.report_id')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select(['s.id', 's.report_id', 's.date_next_send', 's.frequency_id', 'c.time_zone'])
    .where('s.id', '=', id)
    .where('s.date_next_send', '<=', now)
    .forUpdate('s')
    .skipLocked()
    .executeTakeFirst();
}

/** Files a schedule's request for one send moment; undefined when that moment already has one. */
export function insertScheduledRequest(
  trx: Db,
  v: { guid: string; report_id: number; date_start: Date; date_end: Date; schedule_id: number; scheduled_for: Date },
) {
  return trx
    .insertInto('report_requests')
    .values({ ...v, contact_id: null })
    .onConflict((oc) => oc.columns(['schedule_id', 'scheduled_for']).doNothing())
    .returning('guid')
    .executeTakeFirst();
}

/** Records a schedule sent at `now`, next due at `next`. */
export function scheduleSent(trx: Db, id: number, next: Date, now: Date) {
  return trx.updateTable('report_schedules').set({ date_next_send: next, date_last_sent: now }).where('id', '=', id).execute();
}

export async function clientTimeZoneOf(db: Db, clientId: number): Promise<string> {
  return (await db.selectFrom('clients').select('time_zone').where('id', '=', clientId).executeTakeFirstOrThrow()).time_zone;
}

/** Shown as a report's creator when the provider's own staff made it (docs/spec/002_6c80e0f7cd09047f.txt section 2.2). */
export const PROVIDER_NAME = 'Listening';

/** Where a request stands before its file is made: completed, and for a schedule's send whether it was mailed. */
export function requestProgress(db: Db, guid: string) {
  return db.selectFrom('report_requests').select(['completed', 'schedule_id', 'sent_at']).where('guid', '=', guid).executeTakeFirst();
}

/** A request with its report, client time zone and schedule frequency, locked while its file is attached. */
export function lockRequestToComplete(trx: Db, guid: string) {
  return trx
    .selectFrom('report_requests as q')
    .innerJoin('reports as r', 'r.id', 'q.report_id')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .leftJoin('report_schedules as s', 's.id', 'q.schedule_id')
    .select([
      'q.guid',
      'q.report_id',
      'q.schedule_id',
      'q.sent_at',
      'q.file_id',
      'q.date_start',
      'q.date_end',
      'q.contact_id',
      'q.is_listing',
      'r.name',
      'r.project_id',
      'r.layout_id',
      'r.kind',
      'r.client_id',
      'c.time_zone',
      's.frequency_id',
    ])
    .where('q.guid', '=', guid)
    .forUpdate('q')
    .executeTakeFirst();
}

/** Points a request at its stored file and marks it complete. */
export async function completeRequest(trx: Db, guid: string, file: { id: string; fileName: string; size: number; contentType: string }): Promise<void> {
  await trx
    .updateTable('report_requests')
    .set({ completed: true, error: null, file_id: file.id, file_path: file.fileName, file_size: file.size, content_type: file.contentType })
    .where('guid', '=', guid)
    .execute();
}

/**
 * The users a finished file is told to: the client's contact who asked (contactId), or, for a
 * schedule's send, the report's active recipients among the client's contacts.
 */
export async function usersToTell(trx: Db, r: { clientId: number; reportId: number; contactId: number | null; scheduled: boolean }): Promise<number[]> {
  const rows = await trx
    .selectFrom('client_contacts as cc')
    .select('cc.user_id')
    .distinct()
    .where('cc.client_id', '=', r.clientId)
    .$if(!r.scheduled, (b) => b.where('cc.id', '=', r.contactId ?? -1))
    .$if(r.scheduled, (b) =>
      b
        .where('cc.is_active', '=', true)
        .where('cc.id', 'in', (eb) => eb.selectFrom('report_recipients').select('contact_id').where('report_id', '=', r.reportId)),
    )
    .execute();
  return rows.map((t) => t.user_id);
}

export async function markRequestSent(trx: Db, guid: string, at: Date): Promise<void> {
  await trx.updateTable('report_requests').set({ sent_at: at }).where('guid', '=', guid).execute();
}

/** Keeps why a request failed (shown in the log), at most 500 characters. */
export async function recordRequestError(db: Db, guid: string, error: string): Promise<void> {
  await db
    .updateTable('report_requests')
    .set({ error: error.slice(0, 500) })
    .where('guid', '=', guid)
    .execute();
}
