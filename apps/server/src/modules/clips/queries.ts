// SQL of the clip tray: the listing (keyset pages for the tray, keyset batches for the export),
// the rejected clips of a scope (the tray's 'Rejected' view), the count of posts that arrived after
// a page was read, clips by id, and a project's bins. Rows have the shared clip-row shape
// (analytics/clip-rows.ts).
import { sql } from 'kysely';
import { clipRows, type ClipRow } from '../../analytics/clip-rows.ts';
import type { Scope } from '../../analytics/scope.ts';
import { trayRows, type ListingFilters } from '../../analytics/tray-filter.ts';
import type { Db } from '../../db/connection.ts';

export type { ListingFilters, WordMatch } from '../../analytics/tray-filter.ts';

/** A row of the listing to continue after: its posting instant as text (to the microsecond) and its id. */
export interface Cursor {
  at: string;
  id: number;
}

/** The listing of a scope: the tray's filter, shared with "Teach sentiment" (analytics/tray-filter.ts). */
const listing = trayRows;

/** The position of a row for its cursor: posted_at to the microsecond, in UTC (a JS Date keeps only milliseconds). */
const cursorAt = sql<string>`to_char(bin_clips.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at');

/** Rows after the cursor, newest first: (posted_at, id) below the cursor's, the first condition letting the (bin_id, posted_at) index stop early. */
function after(cursor: Cursor | undefined) {
  return <QB extends ReturnType<typeof listing>>(qb: QB): QB =>
    cursor === undefined
      ? qb
      : (qb
          .where('bin_clips.posted_at', '<=', sql<Date>`${cursor.at}::timestamptz`)
          .where((eb) => eb(eb.refTuple('bin_clips.posted_at', 'bin_clips.id'), '<', eb.tuple(sql<Date>`${cursor.at}::timestamptz`, cursor.id))) as QB);
}

/** The newest bin_clips id: a listing's snapshot (rows up to it are the listing; later ones are new). */
export async function newestId(db: Db): Promise<number> {
  const r = await db
    .selectFrom('bin_clips')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(r?.id ?? 0);
}

/** A page of the listing (or, with `rejected`, of the scope's rejected clips), newest first, each row with its cursor; rejected ones say when and by whom. */
export function clipPage(db: Db, s: Scope, f: ListingFilters, cursor: Cursor | undefined, limit: number) {
  return listing(db, s, f)
    .$call(after(cursor))
    .leftJoin('users as rejecter', 'rejecter.id', 'bin_clips.rejected_by')
    .select(['bin_clips.rejected_at', sql<string | null>`nullif(trim(rejecter.name || ' ' || rejecter.surname), '')`.as('rejected_by_name'), cursorAt])
    .orderBy('bin_clips.posted_at', 'desc')
    .orderBy('bin_clips.id', 'desc')
    .limit(limit)
    .execute();
}

const FAVOURABILITY_COLUMN = { 1: 'positive', 2: 'neutral', 3: 'negative' } as const;

/**
 * The count of a listing with no filter but (at most) a favourability, from bin_hourly: its hours
 * in scope hold the scope's counted clips, and rows stored after the snapshot (few, found by id)
 * are taken off. One statement, so the rollup and bin_clips are read in one snapshot; the
 * rollup moves in the statement that changes bin_clips, so this is the count of the rows
 * themselves (counting a million rows of a long range took a second). Null when the
 * filters need the rows.
 */
async function countFromRollup(db: Db, s: Scope, f: ListingFilters): Promise<number | null> {
  const { favourabilityId, snapshotId, rejected, ...rest } = f;
  if (rejected || Object.values(rest).some((v) => v !== undefined)) return null;
  const column = favourabilityId === undefined ? 'clips' : FAVOURABILITY_COLUMN[favourabilityId as 1 | 2 | 3];
  if (!column) return null;
  const later =
    snapshotId === undefined
      ? sql`0`
      : sql`(select count(*) from bin_clips where bin_clips.id > ${snapshotId} and bin_clips.bin_id = ${s.binId}
               and bin_clips.stream_id in (${sql.join(s.streams)}) and bin_clips.posted_at >= ${s.from} and bin_clips.posted_at < ${s.to}
               and not bin_clips.rejected ${favourabilityId === undefined ? sql`` : sql`and bin_clips.favourability_id = ${favourabilityId}`})`;
  const r = await sql<{ n: number }>`
    select coalesce((select sum(${sql.ref(column)}) from bin_hourly
                      where bin_id = ${s.binId} and stream_id in (${sql.join(s.streams)}) and hour >= ${s.from} and hour < ${s.to}), 0)
           - ${later} as n`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** How many rows the listing holds. */
export async function countListing(db: Db, s: Scope, f: ListingFilters): Promise<number> {
  const fromRollup = await countFromRollup(db, s, f);
  if (fromRollup !== null) return fromRollup;
  const r = await db
    .selectFrom(listing(db, s, f).clearSelect().select('bin_clips.id').as('l'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The bin_clips ids of the listing, at most `limit` of them ('select all'). */
export async function listingIds(db: Db, s: Scope, f: ListingFilters, limit: number): Promise<number[]> {
  const rows = await listing(db, s, f).clearSelect().select('bin_clips.id').orderBy('bin_clips.id').limit(limit).execute();
  return rows.map((r) => Number(r.id));
}

/** The listing in keyset batches, newest first: memory stays one batch however long the range. */
export async function* clipBatches(db: Db, s: Scope, f: ListingFilters, batchSize = 2000): AsyncGenerator<ClipRow[]> {
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await listing(db, s, f)
      .$call(after(cursor))
      .select(cursorAt)
      .orderBy('bin_clips.posted_at', 'desc')
      .orderBy('bin_clips.id', 'desc')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    cursor = { at: last.cursor_at, id: Number(last.id) };
  }
}

/** Clips of a bin by clip id (any date, any stream, rejected ones left out). */
export function clipsByIds(db: Db, binId: number, clipIds: number[]) {
  return clipRows(db).where('bin_clips.bin_id', '=', binId).where('bin_clips.clip_id', 'in', clipIds).where('bin_clips.rejected', '=', false).execute();
}

/** The newest rows of the bins in the range and streams (the tree view's subfolders), not rejected; a clip filed in several bins has a row in each. */
export function clipsOfBins(db: Db, binIds: number[], streams: number[], from: Date, to: Date, limit: number) {
  return clipRows(db)
    .where('bin_clips.bin_id', 'in', binIds)
    .where('bin_clips.stream_id', 'in', streams)
    .where('bin_clips.posted_at', '>=', from)
    .where('bin_clips.posted_at', '<', to)
    .where('bin_clips.rejected', '=', false)
    .orderBy('bin_clips.posted_at', 'desc')
    .orderBy('bin_clips.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countClipsOfBins(db: Db, binIds: number[], streams: number[], from: Date, to: Date): Promise<number> {
  // One bin holds a clip once: its count is its rollup's (several bins may share clips, counted once: the rows).
  if (binIds.length === 1) {
    const one = await db
      .selectFrom('bin_hourly')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('clips'), sql<number>`0`).as('n'))
      .where('bin_id', '=', binIds[0])
      .where('stream_id', 'in', streams)
      .where('hour', '>=', from)
      .where('hour', '<', to)
      .executeTakeFirstOrThrow();
    return Number(one.n);
  }
  const r = await db
    .selectFrom('bin_clips')
    .select((eb) => eb.fn.count<number>('clip_id').distinct().as('n'))
    .where('bin_id', 'in', binIds)
    .where('stream_id', 'in', streams)
    .where('posted_at', '>=', from)
    .where('posted_at', '<', to)
    .where('rejected', '=', false)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function binsOfProjects(db: Db, projectIds: number[]) {
  return db
    .selectFrom('bins')
    .select(['id', 'name', 'project_id', 'parent_id', 'bin_type_id'])
    .where('project_id', 'in', projectIds)
    .where('is_deleted', '=', false)
    .orderBy('project_id')
    .orderBy('name')
    .execute();
}

/** The named bin_clips rows that belong to the project, with their clips. */
export function namedRowsOfProject(db: Db, projectId: number, ids: number[]) {
  return db.selectFrom('bin_clips').select(['id', 'clip_id']).where('id', 'in', ids).where('project_id', '=', projectId).execute();
}

/** A bin_clips row as a rating, reject or restore sees it. */
export interface RatedRow {
  id: number;
  bin_id: number;
  stream_id: number;
  posted_at: Date;
  favourability_id: number;
  brand_association_id: number;
  ave: number;
  rejected: boolean;
}

/** Every row of these clips in the project's bins, locked for the change, in id order. */
export async function lockRowsOfClips(trx: Db, projectId: number, clipIds: number[]): Promise<RatedRow[]> {
  return (await trx
    .selectFrom('bin_clips')
    .select(['id', 'bin_id', 'stream_id', 'posted_at', 'favourability_id', 'brand_association_id', 'ave', 'rejected'])
    .where('project_id', '=', projectId)
    .where('clip_id', 'in', clipIds)
    .orderBy('id')
    .forUpdate()
    .execute()) as RatedRow[];
}

/** Keeps a rating per clip of the project as a labelled example for the sentiment model; the latest rating wins. */
export async function saveSentimentLabels(trx: Db, projectId: number, clipIds: number[], favourabilityId: number, ratedBy: number): Promise<void> {
  await trx
    .insertInto('sentiment_labels')
    .values(clipIds.map((clipId) => ({ project_id: projectId, clip_id: clipId, favourability_id: favourabilityId, rated_by: ratedBy })))
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'clip_id'])
        .doUpdateSet((eb) => ({ favourability_id: eb.ref('excluded.favourability_id'), rated_by: eb.ref('excluded.rated_by'), rated_at: new Date() })),
    )
    .execute();
}
