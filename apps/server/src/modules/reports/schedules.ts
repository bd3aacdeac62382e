// Scheduled reports on the job runner (docs/reports.md, "Schedules"). A recurring job finds the
// schedules whose DateNextSend has come and, per schedule, in one transaction: logs the send's
// request under the unique key (schedule, DateNextSend), queues its generation, and moves
// DateNextSend on by the frequency (on the client's calendar) to the first moment after now. The
// generation job then mails it (report-generate.ts). So a due moment makes one request and one set
// of mails, however many workers look and whatever dies when.
import { randomUUID } from 'node:crypto';
import { fromWall, toWall } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { enqueue } from '../../jobs/runner.ts';
import * as q from './queries.ts';
import { GENERATE_ATTEMPTS, REPORT_GENERATE_QUEUE } from './generate.ts';

export const REPORT_SCHEDULES_QUEUE = 'report-schedules';
/** How often the schedule job looks for due schedules. */
export const REPORT_SCHEDULES_EVERY_MS = 30_000;

const DAY = 86_400_000;

/** The wall-clock moment one period after `wall`: a day, a week, or a calendar month (the 31st becomes the month's last day). */
export function advance(wall: Date, frequencyId: number): Date {
  if (frequencyId === 1) return new Date(wall.getTime() + DAY);
  if (frequencyId === 2) return new Date(wall.getTime() + 7 * DAY);
  const d = new Date(wall);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The window a send covers, as wall clock: the whole days of the period before the send's day
 * (daily: yesterday; weekly: the 7 days before; monthly: the month before, to the day).
 */
export function sendWindow(sendWall: Date, frequencyId: number): { startWall: Date; endWallExclusive: Date } {
  const endWallExclusive = new Date(Date.UTC(sendWall.getUTCFullYear(), sendWall.getUTCMonth(), sendWall.getUTCDate()));
  let startWall: Date;
  if (frequencyId === 1) startWall = new Date(endWallExclusive.getTime() - DAY);
  else if (frequencyId === 2) startWall = new Date(endWallExclusive.getTime() - 7 * DAY);
  else {
    startWall = new Date(endWallExclusive);
    startWall.setUTCMonth(startWall.getUTCMonth() - 1);
  }
  return { startWall, endWallExclusive };
}

/** Sends every due schedule once; returns the guids of the requests made. */
export async function sendDueSchedules(db: Db, now = new Date()): Promise<string[]> {
  const due = await q.dueSchedules(db, now);
  const made: string[] = [];
  for (const { id } of due) {
    const guid = await db.transaction().execute(async (trx) => {
      // Another worker holding the row is sending this moment.
      const s = await q.lockDueSchedule(trx, id, now);
      if (!s) return null;
      const sendWall = toWall(s.date_next_send, s.time_zone);
      const { startWall, endWallExclusive } = sendWindow(sendWall, s.frequency_id);
      const guid = randomUUID();
      const inserted = await q.insertScheduledRequest(trx, {
        guid,
        report_id: s.report_id,
        date_start: fromWall(startWall, s.time_zone),
        date_end: fromWall(endWallExclusive, s.time_zone),
        schedule_id: s.id,
        scheduled_for: s.date_next_send,
      });
      // Moments missed while no worker ran are not each sent: the next send is the first one after now.
      let next = advance(sendWall, s.frequency_id);
      while (fromWall(next, s.time_zone) <= now) next = advance(next, s.frequency_id);
      await q.scheduleSent(trx, s.id, fromWall(next, s.time_zone), now);
      if (!inserted) return null;
      await enqueue(trx, REPORT_GENERATE_QUEUE, { guid }, { maxAttempts: GENERATE_ATTEMPTS });
      return guid;
    });
    if (guid) made.push(guid);
  }
  return made;
}
