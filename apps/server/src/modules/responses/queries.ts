// Every statement of the response queue's marks and alerts (docs/responses.md); the addressed
// posts themselves are read by analytics/response-times.ts, shared with the dashboard and reports.
import { RECIPIENT_TYPES } from '@listening/contract';

const RESPONSE_CONTACT = RECIPIENT_TYPES.ResponseContact;
import type { Db } from '../../db/connection.ts';

/** Whether the clip is one of the project's posts (a mark names only those). */
export async function projectHasClip(db: Db, binId: number, clipId: number): Promise<boolean> {
  const row = await db.selectFrom('bin_clips').select('id').where('bin_id', '=', binId).where('clip_id', '=', clipId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function setMark(db: Db, m: { projectId: number; clipId: number; status: 'answered' | 'no_reply'; userId: number }): Promise<void> {
  await db
    .insertInto('response_marks')
    .values({ project_id: m.projectId, clip_id: m.clipId, status: m.status, marked_by: m.userId })
    .onConflict((oc) => oc.columns(['project_id', 'clip_id']).doUpdateSet({ status: m.status, marked_by: m.userId, marked_at: new Date() }))
    .execute();
}

export async function clearMark(db: Db, projectId: number, clipId: number): Promise<void> {
  await db.deleteFrom('response_marks').where('project_id', '=', projectId).where('clip_id', '=', clipId).execute();
}

/**
 * Projects someone is to hear of: a Response Contact (recipient type 3) on an active word bin, or
 * an active Response alert setting with recipients; with what their queue reads and the setting's
 * wait (null: no active setting).
 */
export async function projectsToAlert(db: Db): Promise<{ id: number; bin_id: number; stream_ids: number[]; wait_minutes: number | null }[]> {
  const rows = await db
    .selectFrom('projects as p')
    .leftJoin('response_alert_settings as s', (j) => j.onRef('s.project_id', '=', 'p.id').on('s.is_active', '=', true))
    .select(['p.id', 'p.bin_id', 'p.stream_ids', 's.wait_minutes'])
    .where('p.is_deleted', '=', false)
    .where('p.bin_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('word_bins as w')
            .innerJoin('word_bin_recipients as r', 'r.word_bin_id', 'w.id')
            .select('w.id')
            .whereRef('w.project_id', '=', 'p.id')
            .where('w.is_active', '=', true)
            .where('r.recipient_type_id', '=', RESPONSE_CONTACT),
        ),
        eb.exists(eb.selectFrom('response_alert_recipients as ar').select('ar.contact_id').whereRef('ar.project_id', '=', 's.project_id')),
      ]),
    )
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({ id: r.id, bin_id: r.bin_id!, stream_ids: (r.stream_ids ?? []).map(Number), wait_minutes: r.wait_minutes }));
}

/**
 * The project's Response Contacts who may hear of it: active contacts of its client, each user once.
 * A recipient row naming another client's contact (written by a bug or by hand) tells no one.
 */
export async function responseContacts(db: Db, projectId: number): Promise<{ user_id: number; contact_id: number; email: string; name: string }[]> {
  return db
    .selectFrom('word_bins as w')
    .innerJoin('projects as p', 'p.id', 'w.project_id')
    .innerJoin('word_bin_recipients as r', 'r.word_bin_id', 'w.id')
    .innerJoin('client_contacts as cc', (j) => j.onRef('cc.id', '=', 'r.contact_id').onRef('cc.client_id', '=', 'p.client_id'))
    .innerJoin('users as u', 'u.id', 'cc.user_id')
    .select(['u.id as user_id', 'cc.id as contact_id', 'u.email', 'u.name'])
    .distinct()
    .where('w.project_id', '=', projectId)
    .where('w.is_active', '=', true)
    .where('r.recipient_type_id', '=', RESPONSE_CONTACT)
    .where('cc.is_active', '=', true)
    .orderBy('u.id')
    .execute();
}

/** The contacts an active Response alert setting of the project tells: active contacts of its client, each user once. */
export async function settingContacts(db: Db, projectId: number): Promise<{ user_id: number; contact_id: number; email: string; name: string }[]> {
  return db
    .selectFrom('response_alert_settings as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .innerJoin('response_alert_recipients as r', 'r.project_id', 's.project_id')
    .innerJoin('client_contacts as cc', (j) => j.onRef('cc.id', '=', 'r.contact_id').onRef('cc.client_id', '=', 'p.client_id'))
    .innerJoin('users as u', 'u.id', 'cc.user_id')
    .select(['u.id as user_id', 'cc.id as contact_id', 'u.email', 'u.name'])
    .distinct()
    .where('s.project_id', '=', projectId)
    .where('s.is_active', '=', true)
    .where('cc.is_active', '=', true)
    .orderBy('u.id')
    .execute();
}

export async function alertSetting(db: Db, projectId: number) {
  return db.selectFrom('response_alert_settings').select(['is_active', 'wait_minutes']).where('project_id', '=', projectId).executeTakeFirst();
}

/** The setting's recipients as named: any contact row still listed, active or not (the dialog shows whom it names). */
export async function alertRecipients(db: Db, projectId: number, clientId: number) {
  return db
    .selectFrom('response_alert_recipients as r')
    .innerJoin('client_contacts as cc', 'cc.id', 'r.contact_id')
    .innerJoin('users as u', 'u.id', 'cc.user_id')
    .select(['cc.id as contact_id', 'u.name', 'u.surname', 'u.email'])
    .where('r.project_id', '=', projectId)
    .where('cc.client_id', '=', clientId)
    .orderBy('cc.id')
    .execute();
}

/** How many people the project's active word bins name as Response Contacts (active contacts of its client). */
export async function wordBinContactCount(db: Db, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('word_bins as w')
    .innerJoin('projects as p', 'p.id', 'w.project_id')
    .innerJoin('word_bin_recipients as r', 'r.word_bin_id', 'w.id')
    .innerJoin('client_contacts as cc', (j) => j.onRef('cc.id', '=', 'r.contact_id').onRef('cc.client_id', '=', 'p.client_id'))
    .select((eb) => eb.fn.count<string>('cc.user_id').distinct().as('n'))
    .where('w.project_id', '=', projectId)
    .where('w.is_active', '=', true)
    .where('r.recipient_type_id', '=', RESPONSE_CONTACT)
    .where('cc.is_active', '=', true)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Writes the setting and replaces its recipients (in the caller's transaction). */
export async function saveSetting(
  db: Db,
  s: { projectId: number; active: boolean; waitMinutes: number; recipientIds: number[]; userId: number },
): Promise<void> {
  await db
    .insertInto('response_alert_settings')
    .values({ project_id: s.projectId, is_active: s.active, wait_minutes: s.waitMinutes, updated_by: s.userId })
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ is_active: s.active, wait_minutes: s.waitMinutes, updated_by: s.userId, updated_at: new Date() }))
    .execute();
  await db.deleteFrom('response_alert_recipients').where('project_id', '=', s.projectId).execute();
  if (s.recipientIds.length)
    await db
      .insertInto('response_alert_recipients')
      .values(s.recipientIds.map((contact_id) => ({ project_id: s.projectId, contact_id })))
      .execute();
}

/** Claims the posts not told about yet: answers those this call claimed (in the caller's transaction). */
export async function claimAlerts(db: Db, projectId: number, clipIds: number[]): Promise<number[]> {
  if (clipIds.length === 0) return [];
  const rows = await db
    .insertInto('response_alerts')
    .values(clipIds.map((clip_id) => ({ project_id: projectId, clip_id })))
    .onConflict((oc) => oc.columns(['project_id', 'clip_id']).doNothing())
    .returning('clip_id')
    .execute();
  return rows.map((r) => r.clip_id);
}

export async function projectName(db: Db, projectId: number): Promise<{ description: string; client_id: number }> {
  return db.selectFrom('projects').select(['description', 'client_id']).where('id', '=', projectId).executeTakeFirstOrThrow();
}
