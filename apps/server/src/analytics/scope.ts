// The analytic scope, the shared filter of every analytic read: which bin (the
// project's root bin or a sub-bin), which streams, and which instants, resolved once per request
// from AnalyticQuery and the client's time zone; and the product gate of gated figures.
// Authorisation happens here too: a project or bin the user may not see answers 404 before any
// figure is read. Used by the dashboard, the clip tray, the word cloud and every analysis to come.
import {
  DEFAULT_TIME_ZONE,
  heatmapBucket,
  insightsBucket,
  postsNotKeptMessage,
  lockedMessage,
  lockedProduct,
  toWall,
  type AnalyticQuery,
  type Bucket,
  type GatedItem,
} from '@listening/contract';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { ProjectRow } from '../db/schema.ts';
import { forbidden, HttpError, notFound } from '../errors.ts';
import type { AuthUser } from '../plugins/auth.ts';
import { clientProductCodes, projectForBin, projectForUser } from '../access/index.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;

export interface Scope {
  project: ProjectRow;
  /** The bin read: the project's root bin, or the sub-bin of binId. */
  binId: number;
  streams: number[];
  timeZone: string;
  /** First instant in range (a whole hour). */
  from: Date;
  /** First instant after the range (a whole hour). */
  to: Date;
  /** The range as the client's wall clock (UTC fields carry the local time), end inclusive. */
  startWall: Date;
  endWall: Date;
  /**
   * The client's retention (docs/operations.md, "Retention"): posts before `from` are no longer
   * kept, while the rollups of those hours are. Unset: every post is kept.
   */
  postsKept?: { from: Date; months: number | null };
  /** Set on the comparison period (previousScope): its posts are counted as they are, never refused. */
  comparison?: true;
}

/** The client's wall clock at an instant, as a Date whose UTC fields are that wall clock (shared with the web app). */
export { toWall };

/** The instant at which the client's wall clock shows `wall` (UTC fields). */
export function fromWall(wall: Date, timeZone: string): Date {
  const offset = (t: number) => toWall(new Date(t), timeZone).getTime() - t;
  const guess = wall.getTime() - offset(wall.getTime());
  return new Date(wall.getTime() - offset(guess));
}

/** YYYY-MM-DD of a wall-clock Date. */
export const wallDay = (wall: Date) => wall.toISOString().slice(0, 10);
/** YYYY-MM-DDTHH:mm:ss of a wall-clock Date. */
export const wallTime = (wall: Date) => wall.toISOString().slice(0, 19);

/**
 * Dates arrive as wall clock (the parser keeps it in the UTC fields). A range is whole hours:
 * the start rounds down, the end rounds up, and an end at exactly midnight (a bare date) covers
 * that whole day, so dateto=2024-05-31 and 2024-05-31T23:59:59 read the same.
 */
export function wallRange(start: Date, end: Date): { startWall: Date; endWallExclusive: Date } {
  const startWall = new Date(Math.floor(start.getTime() / HOUR) * HOUR);
  const e = end.getTime();
  const endWallExclusive = new Date(e % DAY === 0 ? e + DAY : Math.floor(e / HOUR) * HOUR + HOUR);
  return { startWall, endWallExclusive };
}

export async function clientTimeZone(db: Db, clientId: number): Promise<string> {
  const row = await db.selectFrom('clients').select('time_zone').where('id', '=', clientId).executeTakeFirst();
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

/** Resolves and authorises an analytic query: 404 for a project or bin the user may not see. */
export async function resolveScope(db: Db, user: AuthUser, q: AnalyticQuery): Promise<Scope> {
  let project: ProjectRow;
  let binId: number;
  if (q.binId !== undefined) {
    ({ project, binId } = await projectForBin(db, user, q.binId));
    if (q.projectId !== undefined && q.projectId !== project.id) throw notFound(`Bin ${q.binId} not found in project ${q.projectId}`);
  } else {
    project = await projectForUser(db, user, q.projectId!);
    if (project.bin_id === null) throw notFound(`Project ${project.id} has no bin`);
    binId = project.bin_id;
  }
  const client = await db
    .selectFrom('clients')
    .select(['time_zone', 'posts_kept_from', 'posts_kept_months'])
    .where('id', '=', project.client_id)
    .executeTakeFirst();
  const timeZone = client?.time_zone ?? DEFAULT_TIME_ZONE;
  const { startWall, endWallExclusive } = wallRange(q.startDate, q.endDate);
  return {
    project,
    binId,
    streams: q.streamIds,
    timeZone,
    from: fromWall(startWall, timeZone),
    to: fromWall(endWallExclusive, timeZone),
    startWall,
    endWall: new Date(endWallExclusive.getTime() - 1),
    ...(client?.posts_kept_from ? { postsKept: { from: new Date(client.posts_kept_from), months: client.posts_kept_months } } : {}),
  };
}

/**
 * 410 in the product's words when the scope's whole range is before the client's retention
 * cutoff: its posts are gone (its charts still count it), so a list of them would be empty for no
 * reason the user could see. A range that starts before the cutoff lists the posts kept.
 */
export function assertPostsKept(s: Scope): void {
  if (!s.postsKept || s.comparison || s.to > s.postsKept.from) return;
  // The first whole day of the client's clock that is kept.
  const wall = toWall(s.postsKept.from, s.timeZone);
  const day = wall.getTime() % DAY === 0 ? wall : new Date(Math.ceil(wall.getTime() / DAY) * DAY);
  throw new HttpError(410, postsNotKeptMessage(wallDay(day), s.postsKept.months));
}

/**
 * The part of the scope whose posts are kept: from the retention cutoff on, where bin_clips and
 * the rollups still agree (what a reader that checks one against the other must compare).
 */
export function postsKeptPart(s: Scope): Scope {
  if (!s.postsKept || s.from >= s.postsKept.from) return s;
  const from = s.postsKept.from < s.to ? s.postsKept.from : s.to;
  return { ...s, from };
}

export const heatmapBucketOf = (s: Scope): Bucket => heatmapBucket(s.startWall, s.endWall);
export const insightsBucketOf = (s: Scope): Bucket => insightsBucket(s.startWall, s.endWall);

/** The shared rollup filter: bin, streams, hours in range (bin_hourly, bin_hourly_sentiment, bin_hourly_places). */
export const rollupInScope =
  (s: Scope, table: 'bin_hourly' | 'bin_hourly_sentiment' | 'bin_hourly_places' = 'bin_hourly') =>
  <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
    qb
      .where(sql.ref(`${table}.bin_id`), '=', s.binId)
      .where(sql.ref(`${table}.stream_id`), 'in', s.streams)
      .where(sql.ref(`${table}.hour`), '>=', s.from)
      .where(sql.ref(`${table}.hour`), '<', s.to);

/**
 * The shared raw filter: a bin's non-rejected clips of the streams, posted in range. `rejected`:
 * its rejected clips instead (the clip tray's 'Rejected' view, and nothing else). A range wholly
 * before the client's retention cutoff answers 410 (assertPostsKept).
 */
export const clipsInScope =
  (s: Scope, { rejected = false }: { rejected?: boolean } = {}) =>
  <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> => {
    assertPostsKept(s);
    return qb
      .where(sql.ref('bin_clips.bin_id'), '=', s.binId)
      .where(sql.ref('bin_clips.stream_id'), 'in', s.streams)
      .where(sql.ref('bin_clips.posted_at'), '>=', s.from)
      .where(sql.ref('bin_clips.posted_at'), '<', s.to)
      .where(sql.ref('bin_clips.rejected'), '=', rejected);
  };

/** 403 naming the product when the item is locked for this project (the side menu's own rule). */
export async function assertUnlocked(db: Db, project: ProjectRow, item: GatedItem): Promise<void> {
  const locked = lockedProduct(item, project.project_type_id, await clientProductCodes(db, project.client_id));
  if (locked) throw forbidden(lockedMessage(locked));
}

/** True when the item is open for this project (the side menu's own rule). */
export async function isUnlocked(db: Db, project: ProjectRow, item: GatedItem): Promise<boolean> {
  return lockedProduct(item, project.project_type_id, await clientProductCodes(db, project.client_id)) === null;
}

/**
 * Posts narrowed to one rating are counted by their sentiment (a listing's total, an export's
 * rows), which is the Sentiment product's (docs/dashboard.md, "Product gating"): 403 as the
 * Sentiment screen when it is locked. A post's own rating is not gated.
 */
export async function assertRatingFilterOpen(db: Db, s: Scope, favourabilityId: number | undefined): Promise<void> {
  if (favourabilityId !== undefined) await assertUnlocked(db, s.project, 'Sentiment');
}

/**
 * The same scope over the range of equal length just before it (whole hours, so rollups serve
 * it too): the comparison period of every analysis's headline figures.
 */
export function previousScope(s: Scope): Scope {
  const length = s.to.getTime() - s.from.getTime();
  const wallLength = s.endWall.getTime() + 1 - s.startWall.getTime();
  return {
    ...s,
    from: new Date(s.from.getTime() - length),
    to: s.from,
    startWall: new Date(s.startWall.getTime() - wallLength),
    endWall: new Date(s.startWall.getTime() - 1),
    comparison: true,
  };
}
