// The mail that carries a report: the file attached, a line saying what it covers, and a link to
// the project in the app. One mail per recipient, each queued in the outbox under its own key in
// the caller's transaction, so a schedule's send is mailed exactly when it is recorded. Every mail
// refers to the one stored file (files.ts); the sender reads it when it delivers.
import type { ReportKind } from '@listening/contract';
import { toWall } from '../analytics/scope.ts';
import type { Db } from '../db/connection.ts';
import { escapeHtml } from '../mail/digest-mail.ts';
import { queueKeyedMail } from '../mail/mailer.ts';
import { signingKey } from '../mail/signing.ts';
import { unsubscribeUrl } from '../mail/unsubscribe.ts';
import { windowText } from './pdf.ts';

export interface ReportMail {
  request: { guid: string; reportId: number; reportName: string; kind: ReportKind; start: Date; end: Date; timeZone: string };
  /** The stored file (report_files), attached by reference. */
  file: { id: string; name: string; contentType: string };
  recipients: { contact_id: number; email: string; name: string }[];
  /** The outbox key of one recipient's mail. */
  keyOf: (contactId: number) => string;
  publicUrl: string;
  smtp: boolean;
  /** The database outside the transaction: unsubscribe links are signed with its key, read once before (prepareReportMails). */
  db: Db;
  /** A schedule's send says so, with its frequency. */
  scheduled?: string;
}

export function reportSubject(m: Pick<ReportMail, 'request'>): string {
  return `${m.request.kind === 'trend' ? 'Trend Analysis' : 'Stats Analysis'} report: ${m.request.reportName}`;
}

/**
 * Reads the signing key before the mails' transaction: on PGlite's one connection a read beside
 * an open transaction would wait for it forever.
 */
export async function prepareReportMails(db: Db): Promise<void> {
  await signingKey(db);
}

function body(m: ReportMail, name: string, unsubscribe: string) {
  const window = windowText(toWall(m.request.start, m.request.timeZone), toWall(new Date(m.request.end.getTime() - 1), m.request.timeZone));
  const intro = `Hello ${name},`;
  const what = `Attached is the report "${m.request.reportName}" for ${window} (${m.request.timeZone}).`;
  const why = m.scheduled ? `You receive it as a recipient of its ${m.scheduled.toLowerCase()} schedule.` : 'It was sent to you as one of its recipients.';
  const app = m.publicUrl.replace(/\/$/, '');
  return {
    text: [intro, '', what, why, '', `Open the app: ${app}`, `Stop receiving this report: ${unsubscribe}`].join('\n'),
    html:
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(what)}<br>${escapeHtml(why)}</p><p><a href="${escapeHtml(app)}">Open the app</a></p>` +
      `<p style="color:#868e96;font-size:12px"><a href="${escapeHtml(unsubscribe)}">Stop receiving this report</a></p>`,
  };
}

/** Queues the report's mail to each recipient; returns how many were queued (a key already used queues nothing). */
export async function queueReportMails(trx: Db, m: ReportMail): Promise<number> {
  let n = 0;
  for (const r of m.recipients) {
    const unsubscribe = await unsubscribeUrl(m.db, m.publicUrl, { type: 1, id: m.request.reportId, contactId: r.contact_id });
    const { text, html } = body(m, r.name, unsubscribe);
    const queued = await queueKeyedMail(
      trx,
      {
        to: r.email,
        subject: reportSubject(m),
        text,
        html,
        idempotencyKey: m.keyOf(r.contact_id),
        files: [{ fileId: m.file.id, filename: m.file.name, contentType: m.file.contentType }],
      },
      { smtp: m.smtp },
    );
    if (queued) n++;
  }
  return n;
}
