// Every SQL statement of the client-model module (docs/sentiment.md, "A client's own model"): a
// client's ratings, its adaptations, the posts it may be asked about, and the re-scoring's reads.
// A client's rows are always found through its projects: nothing here reads another client's.
import { sql } from 'kysely';
import type { Scope } from '../../analytics/scope.ts';
import { trayRows, type ListingFilters } from '../../analytics/tray-filter.ts';
import type { Db } from '../../db/connection.ts';
import { notRated } from '../../jobs/sentiment-recompute.ts';
import type { ClientSentimentModelsTable } from '../../db/tables.generated.ts';
import type { Insertable, Selectable } from 'kysely';

export type ModelRow = Selectable<ClientSentimentModelsTable>;

const projectsOf = (db: Db, clientId: number) => db.selectFrom('projects').select('projects.id').where('projects.client_id', '=', clientId);

/** The client's ratings: the latest rating of each post a person rated in any of its projects, oldest first. */
export function ratingsOf(db: Db, clientId: number) {
  return db
    .selectFrom('sentiment_labels')
    .innerJoin('clips', 'clips.id', 'sentiment_labels.clip_id')
    .select(['sentiment_labels.clip_id', 'sentiment_labels.favourability_id', 'sentiment_labels.rated_at', 'clips.body'])
    .where('sentiment_labels.project_id', 'in', projectsOf(db, clientId))
    .orderBy('sentiment_labels.rated_at')
    .orderBy('sentiment_labels.id')
    .execute();
}

/**
 * How many ratings the client has, how many are newer than `since`, and when the latest was made.
 * Compared to the millisecond: `since` went through a JavaScript Date, PostgreSQL keeps microseconds.
 */
export async function ratingCounts(db: Db, clientId: number, since: Date | null): Promise<{ total: number; newer: number; latest: Date | null }> {
  const r = await db
    .selectFrom('sentiment_labels')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn
        .count<string>('sentiment_labels.id')
        .filterWhere(sql<Date>`date_trunc('milliseconds', sentiment_labels.rated_at)`, '>', since ?? new Date(0))
        .as('newer'),
      eb.fn.max('sentiment_labels.rated_at').as('latest'),
    ])
    .where('sentiment_labels.project_id', 'in', projectsOf(db, clientId))
    .executeTakeFirstOrThrow();
  return { total: Number(r.total), newer: Number(r.newer), latest: r.latest ? new Date(r.latest) : null };
}

/**
 * The text of the client's newest unrated posts (by when they were posted, each post once): the
 * sample the guard compares the shipped model and an adaptation on (adapt.ts).
 */
export function unratedSample(db: Db, clientId: number, limit: number) {
  return db
    .selectFrom('clips')
    .select(['clips.id', 'clips.body'])
    .where(
      'clips.id',
      'in',
      db
        .selectFrom('bin_clips')
        .select('bin_clips.clip_id')
        .where('bin_clips.project_id', 'in', projectsOf(db, clientId))
        .where(notRated)
        .orderBy('bin_clips.posted_at', 'desc')
        .limit(limit * 4),
    )
    .orderBy('clips.posted_at', 'desc')
    .orderBy('clips.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The admin's stop: none of the client's adaptations is used any more (an older one used before
 * the latest is not brought back), the one in use says who stopped it, and its re-scoring starts
 * again from the first post, now with the shipped model. Returns the stopped row's id, or null
 * when none was in use.
 */
export async function stopModelInUse(db: Db, clientId: number, reason: string): Promise<number | null> {
  const inUse = await modelInUse(db, clientId);
  if (!inUse) return null;
  await db.updateTable('client_sentiment_models').set({ used: false, reason }).where('client_id', '=', clientId).where('used', '=', true).execute();
  await db
    .updateTable('client_sentiment_models')
    .set({ stopped_at: new Date(), last_clip_id: 0, posts_rescored: 0, rows_changed: 0, rescored_at: null })
    .where('id', '=', inUse.id)
    .execute();
  return inUse.id;
}

/**
 * The model the client's posts are re-scored for: its latest used adaptation, or, when an admin
 * stopped one later than any used, that stopped one (its posts go back to the shipped model).
 */
export const modelToRescore = (db: Db, clientId: number) =>
  db
    .selectFrom('client_sentiment_models')
    .selectAll()
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([eb('used', '=', true), eb('stopped_at', 'is not', null)]))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Clients with at least one rating or one adaptation: the ones the schedule looks at. */
export async function clientsWithRatings(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('sentiment_labels')
    .innerJoin('projects', 'projects.id', 'sentiment_labels.project_id')
    .select('projects.client_id')
    .distinct()
    .union(db.selectFrom('client_sentiment_models').select('client_id').distinct())
    .execute();
  return rows.map((r) => r.client_id).sort((a, b) => a - b);
}

/** The client's latest adaptation tried, used or not. */
export const latestModel = (db: Db, clientId: number) =>
  db.selectFrom('client_sentiment_models').selectAll().where('client_id', '=', clientId).orderBy('id', 'desc').limit(1).executeTakeFirst();

/** The adaptation the client's posts are scored with: its latest used one. */
export const modelInUse = (db: Db, clientId: number) =>
  db
    .selectFrom('client_sentiment_models')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('used', '=', true)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const modelOfJob = (db: Db, jobKey: string) => db.selectFrom('client_sentiment_models').selectAll().where('job_key', '=', jobKey).executeTakeFirst();

/** Stores an adaptation; a second job with the same key (a rerun after a kill) keeps the first. */
export async function insertModel(db: Db, row: Insertable<ClientSentimentModelsTable>): Promise<void> {
  await db
    .insertInto('client_sentiment_models')
    .values(row)
    .onConflict((oc) => oc.column('job_key').doNothing())
    .execute();
}

/** The next clips of the client's posts after `afterClipId`, in id order, with their text. */
export function clipsToRescore(db: Db, clientId: number, afterClipId: number, limit: number) {
  return db
    .selectFrom('clips')
    .select(['clips.id', 'clips.body', 'clips.language'])
    .where('clips.id', 'in', db.selectFrom('bin_clips').select('bin_clips.clip_id').where('bin_clips.project_id', 'in', projectsOf(db, clientId)))
    .where('clips.id', '>', afterClipId)
    .orderBy('clips.id')
    .limit(limit)
    .execute();
}

/** Whether the client has posts after the re-scoring's cursor (filed since it ran). */
export async function hasClipsAfter(db: Db, clientId: number, afterClipId: number): Promise<boolean> {
  const r = await db
    .selectFrom('bin_clips')
    .select('bin_clips.id')
    .where('bin_clips.project_id', 'in', projectsOf(db, clientId))
    .where('bin_clips.clip_id', '>', afterClipId)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** The client's bin rows of these clips that no person rated in their project: what a re-score may change. */
export function unratedRowsOf(db: Db, clientId: number, clipIds: number[]) {
  return db
    .selectFrom('bin_clips')
    .select(['bin_clips.id', 'bin_clips.clip_id', 'bin_clips.favourability_id', 'bin_clips.classification_id'])
    .where('bin_clips.clip_id', 'in', clipIds)
    .where('bin_clips.project_id', 'in', projectsOf(db, clientId))
    .where(notRated)
    .orderBy('bin_clips.id')
    .execute();
}

/** Moves the re-scoring's cursor and counts on, in the batch's transaction. */
export async function advanceRescore(db: Db, modelId: number, lastClipId: number, posts: number, rowsChanged: number): Promise<void> {
  await db
    .updateTable('client_sentiment_models')
    .set({
      last_clip_id: lastClipId,
      posts_rescored: sql`posts_rescored + ${posts}`,
      rows_changed: sql`rows_changed + ${rowsChanged}`,
    })
    .where('id', '=', modelId)
    .execute();
}

export async function finishRescore(db: Db, modelId: number): Promise<void> {
  await db.updateTable('client_sentiment_models').set({ rescored_at: new Date() }).where('id', '=', modelId).where('rescored_at', 'is', null).execute();
}

/** The model row, locked for the batch that advances it. */
export const lockModel = (db: Db, modelId: number) =>
  db.selectFrom('client_sentiment_models').selectAll().where('id', '=', modelId).forUpdate().executeTakeFirstOrThrow();

/**
 * Unrated posts of the tray's filter (newest first), the candidates "Teach sentiment" chooses
 * among: the tray listing's own rows (analytics/tray-filter.ts), so none is outside the filter.
 */
export function teachCandidates(db: Db, s: Scope, f: ListingFilters, limit: number) {
  return trayRows(db, s, f)
    .select('clips.language')
    .where(notRated)
    .orderBy('bin_clips.posted_at', 'desc')
    .orderBy('bin_clips.id', 'desc')
    .limit(limit)
    .execute();
}

/** Clients by id, with their names (the admin's list). */
export const clientNames = (db: Db) => db.selectFrom('clients').select(['id', 'name']).orderBy('name').execute();

/** A user's name as the admin screens show it. */
export async function userName(db: Db, userId: number): Promise<string | null> {
  const u = await db.selectFrom('users').select(['name', 'surname']).where('id', '=', userId).executeTakeFirst();
  return u ? `${u.name} ${u.surname}`.trim() : null;
}
