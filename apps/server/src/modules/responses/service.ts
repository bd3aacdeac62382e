// The response queue (docs/responses.md): of the scope's posts addressed to the project's own
// accounts, those that ask, complain or request (reasons.ts); each open until an own account's
// reply is collected (which records the response time) or a person marks it answered or not
// needing a reply. Open ones first, oldest first; then the closed, newest first.
import type { MarkResponseBody, ResponseQueue, ResponseQueueQuery, ResponseTimes, ResponseTimesQuery } from '@listening/contract';
import { RESPONSE_QUEUE_MAX } from '@listening/contract';
import { assertClientWritable, projectForUser } from '../../access/index.ts';
import { addressedPosts, readResponseTimes, responseItems, timesOf } from '../../analytics/response-times.ts';
import { resolveScope } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

export async function responseQueue(db: Db, user: AuthUser, query: ResponseQueueQuery, now = new Date()): Promise<ResponseQueue> {
  const scope = await resolveScope(db, user, query);
  const rows = await addressedPosts(
    db,
    { projectId: scope.project.id, binId: scope.binId, streams: scope.streams, from: scope.from, to: scope.to },
    RESPONSE_QUEUE_MAX,
  );
  const truncated = rows.length > RESPONSE_QUEUE_MAX;
  const items = responseItems(rows.slice(0, RESPONSE_QUEUE_MAX), now, query.reason);
  const open = items.filter((i) => i.Status === 'open').sort((a, b) => a.at - b.at);
  const closed = items.filter((i) => i.Status !== 'open').sort((a, b) => b.at - a.at);
  const total = timesOf(items, query.waitMinutes);
  const streams = [...new Set(items.map((i) => i.StreamId))].sort((a, b) => a - b);
  return {
    Items: [...open, ...closed].map(({ at: _at, ...item }) => item),
    Figures: {
      Open: open.length,
      Answered: total.Answered,
      NoReplyNeeded: items.filter((i) => i.Status === 'no_reply').length,
      MedianMinutes: total.MedianMinutes,
      P90Minutes: total.P90Minutes,
      AnsweredWithinWait: total.AnsweredWithinWait,
      ByNetwork: streams.map((s) => {
        const of = items.filter((i) => i.StreamId === s);
        return {
          StreamId: s,
          Open: of.filter((i) => i.Status === 'open').length,
          Answered: of.filter((i) => i.Status === 'answered').length,
          MedianMinutes: timesOf(of, query.waitMinutes).MedianMinutes,
        };
      }),
    },
    WaitMinutes: query.waitMinutes,
    Truncated: truncated,
  };
}

/** The response-time figures of the dashboard's Insights: the scope's, for the chosen wait (the project's when none is given). */
export async function responseTimesFor(db: Db, user: AuthUser, query: ResponseTimesQuery): Promise<ResponseTimes> {
  const scope = await resolveScope(db, user, query);
  return readResponseTimes(db, scope, { waitMinutes: query.waitMinutes });
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
