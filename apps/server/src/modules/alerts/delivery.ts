// Alert delivery on the job runner (docs/alerts-and-subscriptions.md). A recurring job finds every
// alert whose interval has passed (Immediate: every tick, so within a minute) and, per alert, in
// one transaction: counts the project's mentions stored in the window [last send, now), writes the
// window's alert_logs row (UNIQUE (alert_id, date_from): a window is logged once), queues one mail
// per recipient in the outbox under the key (alert, window, contact), raises each recipient's
// in-app notification and advances date_last_sent. So the mails exist exactly when the window is
// logged, whatever dies when; the outbox sender then delivers each row once. The word-bin digest
// (modules/word-bins/digest.ts) works the same way; an empty window sends nothing and keeps its start.
import { NOTIFICATION_BEHAVIOUR, PRODUCTS } from '@listening/contract';
import { clientTimeZone } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { digestClip, DIGEST_SHOWN, postsMailHtml, postsMailText, type DigestClip, type PostsMail, type PostsWindow } from '../../mail/digest-mail.ts';
import { notifyRecipients, SETTLE_MS, type DeliveryOptions, type Recipient } from '../../mail/notify.ts';
import { signingKey } from '../../mail/signing.ts';
import { mailTime } from '../../mail/time.ts';
import { unsubscribeUrl } from '../../mail/unsubscribe.ts';
import * as q from './queries.ts';

export const ALERT_QUEUE = 'alert-delivery';
/** How often the job looks for due alerts: an Immediate alert's mention goes out within SETTLE_MS + this. */
export const ALERT_EVERY_MS = 20_000;
export type AlertOptions = DeliveryOptions;
export { SETTLE_MS };

export interface AlertWindow {
  alertId: number;
  logId: number;
  clips: number;
  mails: number;
}

const NOTIFICATION_CODES = [...PRODUCTS.Notifications.codes];

/** Where an alert's first window starts: its start date, or its creation when it started before (older mentions are not new to it). */
const firstFrom = (a: { start_date: Date; created_at: Date }) => (a.start_date > a.created_at ? a.start_date : a.created_at);

/** Ids of the alerts due at `now`: started, of a live project whose client owns Notifications, interval passed. */
export async function dueAlerts(db: Db, now: Date): Promise<number[]> {
  const rows = await q.startedAlerts(db, now, NOTIFICATION_CODES);
  return rows.filter((r) => now.getTime() - (r.date_last_sent ?? firstFrom(r)).getTime() >= r.interval_minutes * 60_000).map((r) => r.id);
}

// Favourability of a mention (1 Positive, 2 Neutral, 3 Negative) each alert sentiment asks for (1 Neutral, 2 Positive, 3 Negative).
const FAVOURABILITY_OF_SENTIMENT: Record<number, number> = { 1: 2, 2: 1, 3: 3 };

/** A keyword as a case-insensitive whole-word pattern: 'price rise' matches 'Price rise!' and not 'priceless'. */
export function keywordPattern(keyword: string): string {
  const body = keyword.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&').replace(/\s+/g, '\\s+');
  // A word edge only where the keyword begins or ends with a letter or digit ('(a.b)' has none).
  const edge = (ch: string, mark: string) => (/[\p{L}\p{N}]/u.test(ch) ? mark : '');
  return `${edge(keyword[0], '\\m')}${body}${edge(keyword[keyword.length - 1], '\\M')}`;
}

/** The alert's filters: only mentions of its sentiment and containing its keyword, when it has them. */
export interface AlertFilter {
  sentimentId: number;
  keyword: string | null;
}

/** How many of the project's (unrejected) mentions, within the alert's filters, were stored in [from, to), and the first DIGEST_SHOWN of them. */
async function windowMentions(db: Db, binId: number, from: Date, to: Date, filter: AlertFilter): Promise<{ total: number; clips: DigestClip[] }> {
  const { total, rows } = await q.mentionsInWindow(
    db,
    {
      binId,
      from,
      to,
      favourabilityId: FAVOURABILITY_OF_SENTIMENT[filter.sentimentId],
      pattern: filter.keyword === null ? null : keywordPattern(filter.keyword),
    },
    DIGEST_SHOWN,
  );
  return { total, clips: rows.map(digestClip) };
}

export interface AlertMail extends PostsWindow {
  alertName: string;
  projectName: string;
}

const mentions = (n: number) => (n === 1 ? '1 new mention' : `${n.toLocaleString('en-US')} new mentions`);

export const alertSubject = (m: AlertMail) => `Alert "${m.alertName}": ${mentions(m.total)} of ${m.projectName}`;

export const alertText = (m: AlertMail) => postsMailText(alertMail(m));
export const alertHtml = (m: AlertMail) => postsMailHtml(alertMail(m));

const alertMail = (m: AlertMail): PostsMail => ({
  ...m,
  headline: (esc) =>
    `Alert "${esc(m.alertName)}": ${mentions(m.total)} of ${esc(m.projectName)} from ${esc(mailTime(m.from, m.timeZone))} to ${esc(mailTime(m.to, m.timeZone))}.`,
  sentiment: false,
  opens: 'the project',
  about: 'alert',
});

/** Sends one alert's due window, or nothing (not due, empty, or being sent by another worker). */
export async function deliverAlertWindow(db: Db, alertId: number, opts: AlertOptions): Promise<AlertWindow | null> {
  const now = opts.now ?? new Date();
  // Made or read before the transaction: on PGlite's one connection a read beside it would wait forever.
  await signingKey(db);
  return db.transaction().execute(async (trx) => {
    // Another worker holding the row is sending this window.
    const alert = await q.lockAlert(trx, alertId);
    if (!alert) return null;
    const project = await q.alertProject(trx, alert.project_id);
    if (!project || project.is_deleted || project.bin_id === null) return null;
    const from = alert.date_last_sent ?? firstFrom(alert);
    const to = new Date(now.getTime() - SETTLE_MS);
    if (to <= from || now.getTime() - from.getTime() < alert.interval_minutes * 60_000) return null;
    const { total, clips } = await windowMentions(trx, project.bin_id, from, to, { sentimentId: alert.sentiment_id, keyword: alert.keyword });
    if (total === 0) return null;
    const log = await q.insertAlertLog(trx, { alertId: alert.id, from, to, clips: total });
    if (!log) return null;
    const path = `/client/${alert.client_id}/project/${alert.project_id}`;
    const recipients = await q.activeRecipientsOf(trx, alert);
    const timeZone = await clientTimeZone(trx, alert.client_id);
    const told: Recipient[] = [];
    for (const r of recipients) {
      const mail: AlertMail = {
        alertName: alert.name,
        projectName: project.description,
        clips,
        total,
        from,
        to,
        timeZone,
        appLink: `${opts.publicUrl.replace(/\/$/, '')}${path}`,
        unsubscribeLink: await unsubscribeUrl(db, opts.publicUrl, { type: 3, id: alert.id, contactId: r.contact_id }),
      };
      const key = `alert:${alert.id}:${from.toISOString()}:${r.contact_id}`;
      told.push({ userId: r.user_id, mail: { to: r.email, subject: alertSubject(mail), text: alertText(mail), html: alertHtml(mail), idempotencyKey: key } });
    }
    // The bell's behaviour type: a click marks it seen.
    const bell = {
      description: `Alert "${alert.name}": ${mentions(total)} of ${project.description}.`,
      typeId: NOTIFICATION_BEHAVIOUR.MarkSeen,
      projectId: alert.project_id,
      link: path,
    };
    const mails = await notifyRecipients(trx, told, bell, { smtp: opts.smtp });
    await q.setAlertLastSent(trx, alert.id, to);
    return { alertId: alert.id, logId: log.id, clips: total, mails };
  });
}

/** The alert job: every due alert's window, one transaction each. */
export async function deliverDueAlerts(db: Db, opts: AlertOptions): Promise<AlertWindow[]> {
  const now = opts.now ?? new Date();
  const out: AlertWindow[] = [];
  for (const id of await dueAlerts(db, now)) {
    const w = await deliverAlertWindow(db, id, { ...opts, now });
    if (w) out.push(w);
  }
  return out;
}
