// The SQL of word bins: the bins with their keywords and recipients, groups, logs and the client's
// contacts who may receive alerts.
import { WORKFLOW_DEFAULT_GROUP_NAME } from '@listening/contract';
import { sql, type Selectable } from 'kysely';
import { activeContactsOf } from '../../access/contacts.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

export type WordBinRow = Selectable<Database['word_bins']>;

export interface NewWordBin {
  clientId: number;
  projectId: number;
  accountId: number | null;
  description: string;
  typeId: number;
  interval: number;
  sentimentId: number;
  language: string | null;
  start: Date;
  stop: Date;
  isActive: boolean;
  isGeneric: boolean;
  groupId: number | null;
  keywords: { value: string; operatorId: number }[];
  recipients: { contactId: number; typeId: number }[];
}

export function wordBin(db: Db, id: number) {
  return db.selectFrom('word_bins').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Word bins of a client (optionally one project, one type), newest first, of live projects only. */
export function wordBinsOf(db: Db, where: { clientId?: number; projectId?: number; typeId?: number; groupId?: number }) {
  let q = db
    .selectFrom('word_bins')
    .innerJoin('projects', 'projects.id', 'word_bins.project_id')
    .selectAll('word_bins')
    .select('projects.project_type_id')
    .where('projects.is_deleted', '=', false);
  if (where.clientId !== undefined) q = q.where('word_bins.client_id', '=', where.clientId);
  if (where.projectId !== undefined) q = q.where('word_bins.project_id', '=', where.projectId);
  if (where.typeId !== undefined) q = q.where('word_bins.word_bin_type_id', '=', where.typeId);
  if (where.groupId !== undefined) q = q.where('word_bins.word_bin_group_id', '=', where.groupId);
  return q.orderBy('word_bins.id', 'desc').execute();
}

export function keywordsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('word_bin_keywords')
    .select(['word_bin_id', 'value', 'operator_id'])
    .where('word_bin_id', 'in', ids)
    .orderBy('word_bin_id')
    .orderBy('position')
    .execute();
}

/** The bins' recipients, in the order added; with `activeOf`, only the active contacts of that client (who may still receive the bins). */
export function recipientsOf(db: Db, ids: number[], activeOf?: number) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('word_bin_recipients')
    .innerJoin('client_contacts', 'client_contacts.id', 'word_bin_recipients.contact_id')
    .innerJoin('users', 'users.id', 'client_contacts.user_id')
    .select([
      'word_bin_recipients.id',
      'word_bin_recipients.word_bin_id',
      'word_bin_recipients.contact_id',
      'word_bin_recipients.recipient_type_id',
      'users.id as user_id',
      'users.name',
      'users.surname',
      'users.email',
      'users.phone',
    ])
    .where('word_bin_recipients.word_bin_id', 'in', ids)
    .$if(activeOf !== undefined, (b) => b.where('client_contacts.client_id', '=', activeOf!).where('client_contacts.is_active', '=', true))
    .orderBy('word_bin_recipients.id')
    .execute();
}

/** The client's active contacts with their names (the recipient dropdown). */
export function contactsOf(db: Db, clientId: number) {
  return activeContactsOf(db, clientId)
    .select(['client_contacts.id', 'users.name', 'users.surname', 'users.email', 'users.phone'])
    .orderBy('users.name')
    .orderBy('users.surname')
    .execute();
}

export function liveGroup(db: Db, id: number) {
  return db.selectFrom('word_bin_groups').selectAll().where('id', '=', id).where('is_deleted', '=', false).executeTakeFirst();
}

export function groupsOf(db: Db, clientId: number) {
  return db.selectFrom('word_bin_groups').selectAll().where('client_id', '=', clientId).where('is_deleted', '=', false).orderBy('description').execute();
}

export function insertGroup(db: Db, clientId: number, description: string) {
  return db.insertInto('word_bin_groups').values({ client_id: clientId, description }).returningAll().executeTakeFirstOrThrow();
}

/** Marks a group deleted, its word bins left in no group (run in a transaction). */
export async function deleteGroup(trx: Db, groupId: number): Promise<void> {
  await trx.updateTable('word_bins').set({ word_bin_group_id: null }).where('word_bin_group_id', '=', groupId).execute();
  await trx.updateTable('word_bin_groups').set({ is_deleted: true }).where('id', '=', groupId).execute();
}

export function setGroup(db: Db, wordBinId: number, groupId: number) {
  return db.updateTable('word_bins').set({ word_bin_group_id: groupId, updated_at: new Date() }).where('id', '=', wordBinId).execute();
}

/** Deletes a word bin; its keywords, recipients, matches and logs go with it (ON DELETE CASCADE). */
export function deleteWordBin(db: Db, id: number) {
  return db.deleteFrom('word_bins').where('id', '=', id).execute();
}

export function logsOf(db: Db, wordBinId: number) {
  return db.selectFrom('word_bin_logs').selectAll().where('word_bin_id', '=', wordBinId).orderBy('date_from', 'desc').limit(500).execute();
}

const binValues = (b: NewWordBin) => ({
  description: b.description,
  word_bin_type_id: b.typeId,
  notification_interval: b.interval,
  sentiment_id: b.sentimentId,
  language: b.language,
  start_date: b.start,
  stop_date: b.stop,
  is_active: b.isActive,
  is_generic: b.isGeneric,
  word_bin_group_id: b.groupId,
});

async function replaceChildren(trx: Db, id: number, b: NewWordBin): Promise<void> {
  await trx.deleteFrom('word_bin_keywords').where('word_bin_id', '=', id).execute();
  await trx.deleteFrom('word_bin_recipients').where('word_bin_id', '=', id).execute();
  if (b.keywords.length)
    await trx
      .insertInto('word_bin_keywords')
      .values(b.keywords.map((k, position) => ({ word_bin_id: id, value: k.value, operator_id: k.operatorId, position })))
      .execute();
  if (b.recipients.length)
    await trx
      .insertInto('word_bin_recipients')
      .values(b.recipients.map((r) => ({ word_bin_id: id, contact_id: r.contactId, recipient_type_id: r.typeId })))
      .execute();
}

/**
 * Inserts a word bin with its keywords, recipients and workflow board (named after it, with its
 * default group), all or nothing: reading the board then never has to create it (docs/workflow.md).
 */
export function insertWordBin(db: Db, b: NewWordBin): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('word_bins')
      .values({ ...binValues(b), client_id: b.clientId, project_id: b.projectId, account_id: b.accountId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceChildren(trx, row.id, b);
    const workflow = await trx.insertInto('workflows').values({ word_bin_id: row.id, description: b.description }).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('workflow_groups')
      .values({ workflow_id: workflow.id, description: WORKFLOW_DEFAULT_GROUP_NAME, is_default: true, position: 0 })
      .execute();
    return row.id;
  });
}

/** Replaces a word bin's settings, keywords and recipients, all or nothing. */
export function replaceWordBin(db: Db, id: number, b: NewWordBin): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('word_bins')
      .set({ ...binValues(b), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await replaceChildren(trx, id, b);
  });
}

/** Per word bin, how many of its matches were posted at or after `since`. */
export async function matchCountsSince(db: Db, ids: number[], since: Date): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('word_bin_clips')
    .innerJoin('clips', 'clips.id', 'word_bin_clips.clip_id')
    .select(['word_bin_clips.word_bin_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('word_bin_clips.word_bin_id', 'in', ids)
    .where('clips.posted_at', '>=', since)
    .groupBy('word_bin_clips.word_bin_id')
    .execute();
  return new Map(rows.map((r) => [r.word_bin_id, Number(r.n)]));
}

/**
 * The project's unrejected posts (its root bin's) posted in [from, to), newest first, at most
 * `limit`: their text, language and rating, for counting what a word bin would match.
 */
export function projectPostsBetween(db: Db, rootBinId: number, from: Date, to: Date, limit: number) {
  return db
    .selectFrom('bin_clips')
    .innerJoin('clips', 'clips.id', 'bin_clips.clip_id')
    .select(['clips.body', 'clips.language', 'clips.link', 'bin_clips.favourability_id'])
    .where('bin_clips.bin_id', '=', rootBinId)
    .where('bin_clips.rejected', '=', false)
    .where('bin_clips.posted_at', '>=', from)
    .where('bin_clips.posted_at', '<', to)
    .orderBy('bin_clips.posted_at', 'desc')
    .limit(limit)
    .execute();
}

/** A word bin's matches (as m) in [from, to), columns and joins left to the caller. */
function matchesBetween(db: Db, wordBinId: number, from: Date, to: Date) {
  return db.selectFrom('word_bin_clips as m').where('m.word_bin_id', '=', wordBinId).where('m.matched_at', '>=', from).where('m.matched_at', '<', to);
}

/** A bin's matches in [from, to), oldest first, with what a digest shows of each. */
export function matchesInWindow(db: Db, wordBinId: number, from: Date, to: Date) {
  return matchesBetween(db, wordBinId, from, to)
    .innerJoin('clips as c', 'c.id', 'm.clip_id')
    .leftJoin('authors as a', 'a.id', 'c.author_id')
    .leftJoin('clip_enrichment as e', 'e.clip_id', 'c.id')
    .select(['c.id', 'c.body', 'c.link', 'c.posted_at', 'c.stream_id', 'a.name', 'a.handle', 'e.classification_id'])
    .orderBy('m.matched_at')
    .orderBy('m.id')
    .execute();
}

/** Active bins of live projects, started by `now` and not past their stop date: the digest job's candidates. */
export function startedBins(db: Db, now: Date) {
  return db
    .selectFrom('word_bins as b')
    .innerJoin('projects as p', 'p.id', 'b.project_id')
    .select(['b.id', 'b.date_last_sent', 'b.start_date', 'b.notification_interval'])
    .where('b.is_active', '=', true)
    .where('p.is_deleted', '=', false)
    .where('b.start_date', '<=', now)
    .where((w) => w(w.fn.coalesce('b.date_last_sent', 'b.start_date'), '<', w.ref('b.stop_date')))
    .execute();
}

/** An active word bin's row, locked for this transaction; undefined when inactive or held by another worker (who is working on it). */
export function lockActiveBin(trx: Db, wordBinId: number) {
  return trx.selectFrom('word_bins').selectAll().where('id', '=', wordBinId).where('is_active', '=', true).forUpdate().skipLocked().executeTakeFirst();
}

/** Logs a bin's window; undefined when that window was already logged. */
export function insertWindowLog(trx: Db, log: { wordBinId: number; from: Date; to: Date; clips: number }) {
  return trx
    .insertInto('word_bin_logs')
    .values({ word_bin_id: log.wordBinId, date_from: log.from, date_to: log.to, clip_count: log.clips })
    .onConflict((oc) => oc.columns(['word_bin_id', 'date_from']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function setBinLastSent(trx: Db, wordBinId: number, at: Date): Promise<void> {
  await trx.updateTable('word_bins').set({ date_last_sent: at }).where('id', '=', wordBinId).execute();
}

/** A crisis list's alert raised after `since`, if any (the list keeps quiet after one). */
export function spikeSince(db: Db, wordBinId: number, since: Date) {
  return db.selectFrom('crisis_spikes').select('id').where('word_bin_id', '=', wordBinId).where('created_at', '>', since).executeTakeFirst();
}

/** A bin's matches in [hourFrom, to) ('hour') and in [baseFrom, hourFrom) ('base'). */
export function matchCountsAround(db: Db, wordBinId: number, baseFrom: Date, hourFrom: Date, to: Date) {
  return matchesBetween(db, wordBinId, baseFrom, to)
    .select([inHour(hourFrom).as('hour'), inBase(hourFrom).as('base')])
    .executeTakeFirstOrThrow();
}

const inHour = (hourFrom: Date) => sql<number>`count(*) filter (where m.matched_at >= ${hourFrom})`;
const inBase = (hourFrom: Date) => sql<number>`count(*) filter (where m.matched_at < ${hourFrom})`;

/** Per term of a bin's matches in [baseFrom, to): how many in [hourFrom, to) and how many before. */
export function termCountsAround(db: Db, wordBinId: number, baseFrom: Date, hourFrom: Date, to: Date) {
  return matchesBetween(db, wordBinId, baseFrom, to)
    .innerJoin('clip_enrichment as e', 'e.clip_id', 'm.clip_id')
    .innerJoin(sql<{ term: string }>`lateral unnest(e.terms)`.as('t'), (j) => j.onTrue())
    .select([sql<string>`t.t`.as('key'), inHour(hourFrom).as('hour'), inBase(hourFrom).as('base')])
    .groupBy(sql`t.t`)
    .execute();
}

/** Per author (handle, else name) of a bin's matches in [baseFrom, to): how many in [hourFrom, to) and how many before. */
export function authorCountsAround(db: Db, wordBinId: number, baseFrom: Date, hourFrom: Date, to: Date) {
  return matchesBetween(db, wordBinId, baseFrom, to)
    .innerJoin('clips as c', 'c.id', 'm.clip_id')
    .innerJoin('authors as a', 'a.id', 'c.author_id')
    .select([sql<string>`coalesce(a.handle, a.name)`.as('key'), inHour(hourFrom).as('hour'), inBase(hourFrom).as('base')])
    .groupBy(sql`coalesce(a.handle, a.name)`)
    .execute();
}

/** A bin's most engaged matches of [from, to) (likes, shares and comments), newest first among equals. */
export function mostEngagedMatches(db: Db, wordBinId: number, from: Date, to: Date, limit: number) {
  return matchesBetween(db, wordBinId, from, to)
    .innerJoin('clips as c', 'c.id', 'm.clip_id')
    .leftJoin('authors as a', 'a.id', 'c.author_id')
    .select(['c.id', 'c.body', 'a.name', sql<number>`c.likes + c.shares + c.comments`.as('engagement')])
    .orderBy('engagement', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

/** Records a crisis list's spike for its hour; undefined when that hour already has one. */
export function insertSpike(trx: Db, s: { wordBinId: number; hour: Date; observed: number; expected: number; drivers: unknown }) {
  return trx
    .insertInto('crisis_spikes')
    .values({ word_bin_id: s.wordBinId, hour: s.hour, observed: s.observed, expected: s.expected, drivers: JSON.stringify(s.drivers) })
    .onConflict((oc) => oc.columns(['word_bin_id', 'hour']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Ids of the active crisis lists (type 2) of live projects running at `now`. */
export async function runningCrisisLists(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('word_bins as b')
    .innerJoin('projects as p', 'p.id', 'b.project_id')
    .select('b.id')
    .where('b.word_bin_type_id', '=', 2)
    .where('b.is_active', '=', true)
    .where('p.is_deleted', '=', false)
    .where('b.start_date', '<=', now)
    .where('b.stop_date', '>', now)
    .execute();
  return rows.map((r) => r.id);
}
