// Alert delivery on the job runner (docs/alerts-and-subscriptions.md). A recurring job finds every
// alert whose interval has passed (Immediate: every tick, so within a minute) and, per alert, in
// one transaction: counts the project's mentions stored in the window [last send, now), writes the
// window's alert_logs row (UNIQUE (alert_id, date_from): a window is logged once), queues one mail
// per recipient in the outbox under the key (alert, window, contact), raises each recipient's
// in-app notification and advances date_last_sent. So the mails exist exactly when the window is
// logged, whatever dies when; the outbox sender then delivers each row once. The word-bin digest
// (word-bin-digest.ts) works the same way; an empty window sends nothing and keeps its start.
import { NOTIFICATION_BEHAVIOUR, PRODUCTS } from '@listening/contract';
import { sql } from 'kysely';
import { clientTimeZone } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { DIGEST_SHOWN, escapeHtml, platformOf, type DigestClip } from '../../mail/digest-mail.ts';
import { notifyRecipients, type Recipient } from '../../mail/notify.ts';
import { signingKey } from '../../mail/signing.ts';
import { mailTime, mailZoneLine } from '../../mail/time.ts';
import { unsubscribeUrl } from '../../mail/unsubscribe.ts';

export const ALERT_QUEUE = 'alert-delivery';
/** How often the job looks for due alerts: an Immediate alert's mention goes out within SETTLE_MS + this. */
export const ALERT_EVERY_MS = 20_000;
/** The window ends this long before now: a mention is stamped when its ingestion transaction began and is visible when it commits. */
export const SETTLE_MS = 15_000;

export interface AlertOptions {
  /** The product's address, for links in the mail (PUBLIC_URL). */
  publicUrl: string;
  /** Whether an SMTP server delivers the outbox (else mails are kept for /admin/outbox). */
  smtp: boolean;
  now?: Date;
}

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
  const rows = await db
    .selectFrom('alerts as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .select(['a.id', 'a.start_date', 'a.created_at', 'a.date_last_sent', 'a.interval_minutes'])
    .where('p.is_deleted', '=', false)
    .where('a.start_date', '<=', now)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('client_products as cp')
          .select('cp.client_id')
          .whereRef('cp.client_id', '=', 'a.client_id')
          .where('cp.product_code', 'in', NOTIFICATION_CODES),
      ),
    )
    .execute();
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
  const favourability = FAVOURABILITY_OF_SENTIMENT[filter.sentimentId];
  const keyword = filter.keyword;
  const inWindow = db
    .selectFrom('bin_clips as bc')
    .where('bc.bin_id', '=', binId)
    .where('bc.created_at', '>=', from)
    .where('bc.created_at', '<', to)
    .where('bc.rejected', '=', false)
    .$if(favourability !== undefined, (qb) => qb.where('bc.favourability_id', '=', favourability!))
    .$if(keyword !== null, (qb) =>
      qb.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('clips as kc')
            .select('kc.id')
            .whereRef('kc.id', '=', 'bc.clip_id')
            .where(sql<boolean>`kc.body ~* ${keywordPattern(keyword!)}`),
        ),
      ),
    );
  const { n } = await inWindow.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(n) === 0) return { total: 0, clips: [] };
  const rows = await inWindow
    .innerJoin('clips as c', 'c.id', 'bc.clip_id')
    .leftJoin('authors as au', 'au.id', 'c.author_id')
    .select(['c.id', 'c.body', 'c.link', 'c.posted_at', 'c.stream_id', 'au.name', 'au.handle', 'bc.classification_id'])
    .orderBy('bc.created_at')
    .orderBy('bc.id')
    .limit(DIGEST_SHOWN)
    .execute();
  return {
    total: Number(n),
    clips: rows.map((r) => ({
      clipId: Number(r.id),
      body: r.body,
      link: r.link,
      postedAt: r.posted_at,
      streamId: r.stream_id,
      authorName: r.name,
      authorHandle: r.handle,
      classificationId: r.classification_id,
    })),
  };
}

export interface AlertMail {
  alertName: string;
  projectName: string;
  clips: DigestClip[];
  total: number;
  from: Date;
  to: Date;
  /** The client's time zone: the mail's times are on its clock. */
  timeZone: string;
  appLink: string;
  unsubscribeLink: string;
}

const safeLink = (l: string | null) => (l && /^https?:\/\//i.test(l) ? l : null);
const authorOf = (c: DigestClip) => (c.authorName ? `${c.authorName}${c.authorHandle ? ` (@${c.authorHandle.replace(/^@/, '')})` : ''}` : 'Unknown author');
const extract = (body: string) => (body.length > 280 ? `${body.slice(0, 277)}...` : body).replace(/\s+/g, ' ').trim();
const mentions = (n: number) => (n === 1 ? '1 new mention' : `${n.toLocaleString('en-US')} new mentions`);

export const alertSubject = (m: AlertMail) => `Alert "${m.alertName}": ${mentions(m.total)} of ${m.projectName}`;

export function alertText(m: AlertMail): string {
  const lines = [
    `Alert "${m.alertName}": ${mentions(m.total)} of ${m.projectName} from ${mailTime(m.from, m.timeZone)} to ${mailTime(m.to, m.timeZone)}.`,
    mailZoneLine(m.timeZone),
    '',
  ];
  for (const c of m.clips) {
    lines.push(`- ${authorOf(c)} on ${platformOf(c.streamId)}, ${mailTime(c.postedAt, m.timeZone)}`, `  ${extract(c.body)}`);
    const l = safeLink(c.link);
    if (l) lines.push(`  ${l}`);
  }
  if (m.total > m.clips.length) lines.push('', `And ${m.total - m.clips.length} more in the app.`);
  lines.push('', `Open the project: ${m.appLink}`, `Stop receiving this alert: ${m.unsubscribeLink}`);
  return lines.join('\n');
}

export function alertHtml(m: AlertMail): string {
  const rows = m.clips
    .map((c) => {
      const l = safeLink(c.link);
      return `<tr><td style="padding:6px;border-bottom:1px solid #ddd"><strong>${escapeHtml(authorOf(c))}</strong> on ${escapeHtml(platformOf(c.streamId))} · ${escapeHtml(mailTime(c.postedAt, m.timeZone))}<br>${escapeHtml(extract(c.body))}${l ? `<br><a href="${escapeHtml(l)}">View post</a>` : ''}</td></tr>`;
    })
    .join('');
  const more = m.total > m.clips.length ? `<p>And ${m.total - m.clips.length} more in the app.</p>` : '';
  return [
    `<!doctype html><html><body style="font-family:sans-serif">`,
    `<p>Alert "${escapeHtml(m.alertName)}": ${mentions(m.total)} of ${escapeHtml(m.projectName)} from ${escapeHtml(mailTime(m.from, m.timeZone))} to ${escapeHtml(mailTime(m.to, m.timeZone))}. ${escapeHtml(mailZoneLine(m.timeZone))}</p>`,
    `<table style="border-collapse:collapse">${rows}</table>${more}`,
    `<p><a href="${escapeHtml(m.appLink)}">Open the project</a></p>`,
    `<p style="font-size:12px;color:#666"><a href="${escapeHtml(m.unsubscribeLink)}">Unsubscribe</a> from this alert.</p>`,
    `</body></html>`,
  ].join('');
}

/** Sends one alert's due window, or nothing (not due, empty, or being sent by another worker). */
export async function deliverAlertWindow(db: Db, alertId: number, opts: AlertOptions): Promise<AlertWindow | null> {
  const now = opts.now ?? new Date();
  // Made or read before the transaction: on PGlite's one connection a read beside it would wait forever.
  await signingKey(db);
  return db.transaction().execute(async (trx) => {
    // Another worker holding the row is sending this window.
    const alert = await trx.selectFrom('alerts').selectAll().where('id', '=', alertId).forUpdate().skipLocked().executeTakeFirst();
    if (!alert) return null;
    const project = await trx
      .selectFrom('projects')
      .select(['id', 'bin_id', 'description', 'is_deleted'])
      .where('id', '=', alert.project_id)
      .executeTakeFirst();
    if (!project || project.is_deleted || project.bin_id === null) return null;
    const from = alert.date_last_sent ?? firstFrom(alert);
    const to = new Date(now.getTime() - SETTLE_MS);
    if (to <= from || now.getTime() - from.getTime() < alert.interval_minutes * 60_000) return null;
    const { total, clips } = await windowMentions(trx, project.bin_id, from, to, { sentimentId: alert.sentiment_id, keyword: alert.keyword });
    if (total === 0) return null;
    const log = await trx
      .insertInto('alert_logs')
      .values({ alert_id: alert.id, date_from: from, date_to: to, clip_count: total })
      .onConflict((oc) => oc.columns(['alert_id', 'date_from']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!log) return null;
    const path = `/client/${alert.client_id}/project/${alert.project_id}`;
    const recipients = await trx
      .selectFrom('alert_recipients as r')
      .innerJoin('client_contacts as cc', 'cc.id', 'r.contact_id')
      .innerJoin('users as u', 'u.id', 'cc.user_id')
      .select(['cc.id as contact_id', 'u.id as user_id', 'u.email'])
      .where('r.alert_id', '=', alert.id)
      .where('cc.client_id', '=', alert.client_id)
      .where('cc.is_active', '=', true)
      .orderBy('r.id')
      .execute();
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
    await trx.updateTable('alerts').set({ date_last_sent: to }).where('id', '=', alert.id).execute();
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
