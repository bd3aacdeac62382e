// The response queue (docs/responses.md): of the scope's posts addressed to the project's own
// accounts, those that ask, complain or request (reasons.ts); each open until an own account's
// reply is collected (which records the response time) or a person marks it answered or not
// needing a reply. Open ones first, oldest first; then the closed, newest first.
import type { MarkResponseBody, ResponseItem, ResponseQueue, ResponseQueueQuery, ResponseReason } from '@listening/contract';
import { RESPONSE_QUEUE_MAX } from '@listening/contract';
import { assertClientWritable, projectForUser } from '../../access/index.ts';
import { resolveScope } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';
import { responseReasons, why } from './reasons.ts';

const minutesBetween = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 60_000;

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)] * 10) / 10;
}

/** The queue's items of addressed posts: those that ask, complain or request, with their state and why. */
export function queueItems(rows: q.AddressedPost[], now: Date, reason?: ResponseReason): (ResponseItem & { at: number })[] {
  const items: (ResponseItem & { at: number })[] = [];
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

export async function responseQueue(db: Db, user: AuthUser, query: ResponseQueueQuery, now = new Date()): Promise<ResponseQueue> {
  const scope = await resolveScope(db, user, query);
  const rows = await q.addressedPosts(db, { projectId: scope.project.id, binId: scope.binId, streams: scope.streams, from: scope.from, to: scope.to });
  const truncated = rows.length > RESPONSE_QUEUE_MAX;
  const items = queueItems(rows.slice(0, RESPONSE_QUEUE_MAX), now, query.reason);
  const open = items.filter((i) => i.Status === 'open').sort((a, b) => a.at - b.at);
  const closed = items.filter((i) => i.Status !== 'open').sort((a, b) => b.at - a.at);
  const times = (list: typeof items) =>
    list
      .map((i) => i.ResponseMinutes)
      .filter((m): m is number => m !== null)
      .sort((a, b) => a - b);
  const answeredTimes = times(items);
  const needing = items.filter((i) => i.Status !== 'no_reply');
  const streams = [...new Set(items.map((i) => i.StreamId))].sort((a, b) => a - b);
  return {
    Items: [...open, ...closed].map(({ at: _at, ...item }) => item),
    Figures: {
      Open: open.length,
      Answered: items.filter((i) => i.Status === 'answered').length,
      NoReplyNeeded: items.filter((i) => i.Status === 'no_reply').length,
      MedianMinutes: percentile(answeredTimes, 50),
      P90Minutes: percentile(answeredTimes, 90),
      AnsweredWithinWait: needing.length ? Math.round((answeredTimes.filter((m) => m <= query.waitMinutes).length / needing.length) * 1000) / 1000 : null,
      ByNetwork: streams.map((s) => {
        const of = items.filter((i) => i.StreamId === s);
        return {
          StreamId: s,
          Open: of.filter((i) => i.Status === 'open').length,
          Answered: of.filter((i) => i.Status === 'answered').length,
          MedianMinutes: percentile(times(of), 50),
        };
      }),
    },
    WaitMinutes: query.waitMinutes,
    Truncated: truncated,
  };
}

export async function markResponse(db: Db, user: AuthUser, body: MarkResponseBody): Promise<{ ok: boolean }> {
  const project = await projectForUser(db, user, body.projectId);
  await assertClientWritable(db, user, project.client_id);
  if (project.bin_id === null || !(await q.projectHasClip(db, project.bin_id, body.clipId)))
    throw notFound(`Post ${body.clipId} not found in project ${project.id}`);
  if (body.status === 'open') await q.clearMark(db, project.id, body.clipId);
  else await q.setMark(db, { projectId: project.id, clipId: body.clipId, status: body.status, userId: user.id });
  return { ok: true };
}
