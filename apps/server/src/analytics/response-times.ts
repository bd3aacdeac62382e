// The response queue's read side (docs/responses.md), shared by the queue, the dashboard's
// Insights and the reports so that all three count alike: the scope's posts addressed to the
// project's own accounts, which of them need a response (response-reasons.ts), whether an own
// account answered and how fast; and the response-time figures over them, in total, per network
// and per week of the client's clock (weeks start on Monday, as every bucket of the product).
import {
  BRAND_ASSOCIATION,
  DEFAULT_RESPONSE_WAIT_MINUTES,
  type ResponseItem,
  type ResponseReason,
  type ResponseTimeRow,
  type ResponseTimes,
} from '@listening/contract';
import type { Db } from '../db/connection.ts';
import { bucketStarts } from './buckets.ts';
import { responseReasons, why } from './response-reasons.ts';
import { toWall, type Scope } from './scope.ts';

export interface AddressedPost {
  clip_id: number;
  stream_id: number;
  favourability_id: number;
  posted_at: Date;
  body: string;
  link: string | null;
  in_reply_to_handle: string | null;
  author: string | null;
  handle: string | null;
  mark: 'answered' | 'no_reply' | null;
  marked_at: Date | null;
  /** The first reply to it by one of the project's own accounts, as collected. */
  replied_at: Date | null;
}

/** Most addressed posts the figures weigh at once (the range's newest); the answer says when a range holds more. */
export const RESPONSE_FIGURES_MAX = 100_000;

/**
 * The scope's posts addressed to the project's own accounts (replies to them and mentions of them:
 * Earned), newest first, at most `limit` + 1 (one more says the range held more), with a person's
 * mark and the first own reply collected.
 */
export async function addressedPosts(
  db: Db,
  s: { projectId: number; binId: number; streams: number[]; from: Date; to: Date },
  limit: number,
): Promise<AddressedPost[]> {
  const rows = await db
    .selectFrom('bin_clips as bc')
    .innerJoin('clips as c', 'c.id', 'bc.clip_id')
    .leftJoin('authors as a', 'a.id', 'bc.author_id')
    .leftJoin('response_marks as m', (j) => j.onRef('m.clip_id', '=', 'bc.clip_id').on('m.project_id', '=', s.projectId))
    .select((eb) => [
      'bc.clip_id',
      'bc.stream_id',
      'bc.favourability_id',
      'bc.posted_at',
      'c.body',
      'c.link',
      'c.in_reply_to_handle',
      'a.name as author',
      'a.handle',
      'm.status as mark',
      'm.marked_at',
      eb
        .selectFrom('clips as r')
        .innerJoin('bin_clips as rb', 'rb.clip_id', 'r.id')
        .select((e) => e.fn.min('r.posted_at').as('at'))
        .whereRef('r.stream_id', '=', 'c.stream_id')
        .whereRef('r.parent_external_id', '=', 'c.external_id')
        .whereRef('rb.bin_id', '=', 'bc.bin_id')
        .where('rb.brand_association_id', '=', BRAND_ASSOCIATION.Owned)
        .as('replied_at'),
    ])
    .where('bc.bin_id', '=', s.binId)
    .where('bc.brand_association_id', '=', BRAND_ASSOCIATION.Earned)
    .where('bc.rejected', '=', false)
    .where('bc.stream_id', 'in', s.streams.length ? s.streams : [-1])
    .where('bc.posted_at', '>=', s.from)
    .where('bc.posted_at', '<', s.to)
    .orderBy('bc.posted_at', 'desc')
    .orderBy('bc.clip_id', 'desc')
    .limit(limit + 1)
    .execute();
  return rows as AddressedPost[];
}

/** The project's chosen wait: its Response alert setting's, or the default (an hour). */
export async function projectResponseWait(db: Db, projectId: number): Promise<number> {
  const row = await db.selectFrom('response_alert_settings').select('wait_minutes').where('project_id', '=', projectId).executeTakeFirst();
  return row?.wait_minutes ?? DEFAULT_RESPONSE_WAIT_MINUTES;
}

const minutesBetween = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 60_000;

/** The value at the p-th percentile (nearest rank) of sorted values, to a tenth; null for none. */
export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)] * 10) / 10;
}

export type QueueItem = ResponseItem & { at: number };

/** The items of addressed posts that ask, complain or request, with their state and why. */
export function responseItems(rows: AddressedPost[], now: Date, reason?: ResponseReason): QueueItem[] {
  const items: QueueItem[] = [];
  for (const r of rows) {
    const reasons = responseReasons(r.body, r.favourability_id);
    if (reasons.length === 0 || (reason && !reasons.includes(reason))) continue;
    const posted = new Date(r.posted_at);
    const replied = r.replied_at ? new Date(r.replied_at) : null;
    const status = replied ? 'answered' : (r.mark ?? 'open');
    const responseMinutes = replied ? Math.max(0, Math.round(minutesBetween(posted, replied))) : null;
    const to = r.in_reply_to_handle ? `@${r.in_reply_to_handle.replace(/^@/, '')}` : (/@\w+/.exec(r.body)?.[0] ?? null);
    items.push({
      ClipId: r.clip_id,
      StreamId: r.stream_id,
      Author: r.author,
      Handle: r.handle,
      Text: r.body,
      Link: r.link,
      PostedAt: posted.toISOString(),
      Reasons: reasons,
      Why: why({ reasons, to, favourabilityId: r.favourability_id, status, minutes: minutesBetween(posted, now), answeredMinutes: responseMinutes }),
      Status: status,
      ClosedBy: replied ? 'reply' : r.mark ? 'person' : null,
      ClosedAt: replied ? replied.toISOString() : r.marked_at ? new Date(r.marked_at).toISOString() : null,
      ResponseMinutes: responseMinutes,
      at: posted.getTime(),
    });
  }
  return items;
}

/**
 * The figures of some items: those needing a response (all but "no reply needed"), those a reply
 * answered, the median and 90th percentile of the minutes to that reply, and the share of those
 * needing a response that a reply answered within the wait.
 */
export function timesOf(items: readonly ResponseItem[], waitMinutes: number): ResponseTimeRow {
  const needing = items.filter((i) => i.Status !== 'no_reply').length;
  const minutes = items
    .map((i) => i.ResponseMinutes)
    .filter((m): m is number => m !== null)
    .sort((a, b) => a - b);
  return {
    Needing: needing,
    Answered: minutes.length,
    MedianMinutes: percentile(minutes, 50),
    P90Minutes: percentile(minutes, 90),
    AnsweredWithinWait: needing ? Math.round((minutes.filter((m) => m <= waitMinutes).length / needing) * 1000) / 1000 : null,
  };
}

/** The Monday (YYYY-MM-DD) of the client's week holding the instant. */
export function weekOf(at: Date, timeZone: string): string {
  const wall = toWall(at, timeZone);
  wall.setUTCDate(wall.getUTCDate() - ((wall.getUTCDay() + 6) % 7));
  return wall.toISOString().slice(0, 10);
}

/** The response-time figures of items of the scope: in total, per network of the scope, and per week of the range. */
export function responseTimes(items: readonly ResponseItem[], scope: Scope, waitMinutes: number, truncated: boolean): ResponseTimes {
  const weeks = new Map<string, ResponseItem[]>(bucketStarts(scope, 'week').map((w) => [w, []]));
  for (const i of items) weeks.get(weekOf(new Date(i.PostedAt), scope.timeZone))?.push(i);
  return {
    WaitMinutes: waitMinutes,
    Total: timesOf(items, waitMinutes),
    ByNetwork: [...scope.streams]
      .sort((a, b) => a - b)
      .map((StreamId) => ({
        StreamId,
        ...timesOf(
          items.filter((i) => i.StreamId === StreamId),
          waitMinutes,
        ),
      })),
    ByWeek: [...weeks].map(([Week, of]) => ({ Week, ...timesOf(of, waitMinutes) })),
    Truncated: truncated,
  };
}

/** The scope's response-time figures for the wait (the project's chosen wait when none is given). */
export async function readResponseTimes(db: Db, scope: Scope, opts: { waitMinutes?: number; now?: Date } = {}): Promise<ResponseTimes> {
  const wait = opts.waitMinutes ?? (await projectResponseWait(db, scope.project.id));
  const rows = await addressedPosts(
    db,
    { projectId: scope.project.id, binId: scope.binId, streams: scope.streams, from: scope.from, to: scope.to },
    RESPONSE_FIGURES_MAX,
  );
  const truncated = rows.length > RESPONSE_FIGURES_MAX;
  return responseTimes(responseItems(rows.slice(0, RESPONSE_FIGURES_MAX), opts.now ?? new Date()), scope, wait, truncated);
}
