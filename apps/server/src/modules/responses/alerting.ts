// Response alerts (docs/responses.md, "Alerts"): every few minutes, the posts of a project's
// response queue that have waited longer than the wait without a response are told to the
// project's Response Contacts (recipient type 3 on its word bins) and to the contacts of its
// Response alert setting, whose wait applies to both (an hour without one): one mail each, listing them
// (a burst is one mail, not hundreds), and the bell. Each post is told once: claiming it
// (response_alerts) and queueing the mails are one transaction, so a worker killed part way tells
// nothing and the next run tells it; a second worker finds it claimed.
import { DEFAULT_RESPONSE_WAIT_MINUTES, NOTIFICATION_TYPES, RESPONSE_QUEUE_MAX, STREAM_NAMES, type StreamId } from '@listening/contract';
import { addressedPosts, responseItems } from '../../analytics/response-times.ts';
import type { Db } from '../../db/connection.ts';
import { notifyRecipients } from '../../mail/notify.ts';
import { unsubscribeUrl } from '../../mail/unsubscribe.ts';
import * as q from './queries.ts';

export const RESPONSE_ALERT_QUEUE = 'response-alerts';
export const RESPONSE_ALERT_EVERY_MS = 5 * 60_000;
/** Posts older than this are not told about (a first run does not mail a project's whole history). */
const LOOK_BACK_MS = 2 * 86_400_000;
/** Posts a mail lists; the rest are counted. */
const LISTED = 20;

export interface ResponseAlertRun {
  projectId: number;
  posts: number;
  mails: number;
}

/** The people told of the project: its word bins' Response Contacts and its setting's contacts, each user once. */
async function contactsOf(db: Db, projectId: number) {
  const all = [...(await q.responseContacts(db, projectId)), ...(await q.settingContacts(db, projectId))];
  return [...new Map(all.map((c) => [c.user_id, c])).values()].sort((a, b) => a.user_id - b.user_id);
}

export async function alertWaitingResponses(db: Db, opts: { publicUrl: string; smtp: boolean; now?: Date }): Promise<ResponseAlertRun[]> {
  const now = opts.now ?? new Date();
  const out: ResponseAlertRun[] = [];
  for (const p of await q.projectsToAlert(db)) {
    const wait = p.wait_minutes ?? DEFAULT_RESPONSE_WAIT_MINUTES;
    const rows = await addressedPosts(
      db,
      { projectId: p.id, binId: p.bin_id, streams: p.stream_ids, from: new Date(now.getTime() - LOOK_BACK_MS), to: new Date(now.getTime() - wait * 60_000) },
      RESPONSE_QUEUE_MAX,
    );
    const waiting = responseItems(rows, now).filter((i) => i.Status === 'open');
    if (waiting.length === 0) continue;
    const run = await db.transaction().execute(async (tx) => {
      const claimed = new Set(
        await q.claimAlerts(
          tx,
          p.id,
          waiting.map((i) => i.ClipId),
        ),
      );
      const told = waiting.filter((i) => claimed.has(i.ClipId)).sort((a, b) => a.at - b.at);
      if (told.length === 0) return null;
      const project = await q.projectName(tx, p.id);
      const contacts = await contactsOf(tx, p.id);
      const link = `${opts.publicUrl}/client/${project.client_id}/project/${p.id}`;
      const subject = `${told.length} post${told.length === 1 ? '' : 's'} waiting for a response: ${project.description}`;
      const lines = told
        .slice(0, LISTED)
        .map(
          (i) =>
            `- ${STREAM_NAMES[i.StreamId as StreamId] ?? 'Post'}, ${i.Author ?? 'someone'}: "${i.Text.slice(0, 200)}" (${i.Why})${i.Link ? `\n  ${i.Link}` : ''}`,
        );
      if (told.length > LISTED) lines.push(`…and ${told.length - LISTED} more.`);
      const text = `These posts to ${project.description}'s own accounts have waited more than ${wait} minutes for a response:\n\n${lines.join('\n')}\n\nOpen the response queue (Response option Alert in the project's menu): ${link}\n`;
      const key = `response:${p.id}:${told[0].ClipId}:${told.length}`;
      const mails = await notifyRecipients(
        tx,
        await Promise.all(
          contacts.map(async (c) => {
            const stop = await unsubscribeUrl(tx, opts.publicUrl, { type: 4, id: p.id, contactId: c.contact_id });
            const mail = { to: c.email, subject, text: `${text}\nStop these response alerts: ${stop}\n`, idempotencyKey: `${key}:${c.user_id}` };
            return { userId: c.user_id, mail };
          }),
        ),
        { description: subject, typeId: NOTIFICATION_TYPES.ReactionListAlert, projectId: p.id, link },
        { smtp: opts.smtp, bell: 'mailed' },
      );
      return { projectId: p.id, posts: told.length, mails };
    });
    if (run) out.push(run);
  }
  return out;
}
