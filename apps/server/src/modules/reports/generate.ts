// Report generation on the job runner (docs/reports.md, "Generation and sending"). report/generate
// logs a request and queues this job; the job renders the file (reports/render.ts), writing it to
// storage piece by piece as it is made (reports/files.ts), then in one transaction points the
// request at it, marks the request complete and, for a schedule's send, queues one mail per
// recipient in the outbox under the key (request, recipient), each referring to the stored file,
// and records the send; in the same transaction the bell of whoever asked (or, for a schedule, of
// each recipient who signs in) gets a notice that opens the file's download page. So a request is
// complete exactly when its file exists, and a scheduled send is mailed exactly once: a worker killed while rendering leaves at most an unreferenced
// file (purged later), and its job runs again once its lease runs out.
import type { ReportKind } from '@listening/contract';
import { NOTIFICATION_BEHAVIOUR, SPREADSHEET_LAYOUT, frequencyDescription } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import { dropFileIfUnused, writeFile } from '../../reports/files.ts';
import { prepareReportMails, queueReportMails } from '../../reports/mail.ts';
import { renderRequest } from '../../reports/render.ts';
import { enqueue, type Job } from '../../jobs/runner.ts';
import { notificationsRaised } from '../../events/bus.ts';

export const REPORT_GENERATE_QUEUE = 'report-generate';
/** Attempts before a request is marked failed (its Error shown in the log; regenerate tries again). */
export const GENERATE_ATTEMPTS = 3;

export async function enqueueGeneration(db: Db, guid: string): Promise<void> {
  await enqueue(db, REPORT_GENERATE_QUEUE, { guid }, { maxAttempts: GENERATE_ATTEMPTS });
}

export interface GenerateOptions {
  publicUrl: string;
  smtp: boolean;
  now?: Date;
  /** Aborted when the worker lost its lease: stop before writing. */
  signal?: AbortSignal;
}

export interface GenerateResult {
  guid: string;
  /** Mails queued by this run (a schedule's send); 0 for a plain generation. */
  mails: number;
}

/** Makes the request's file and completes it (and mails a schedule's send); null when there is nothing to do. */
export async function generateRequest(db: Db, guid: string, opts: GenerateOptions): Promise<GenerateResult | null> {
  const before = await db.selectFrom('report_requests').select(['completed', 'schedule_id', 'sent_at']).where('guid', '=', guid).executeTakeFirst();
  // Deleted meanwhile, or done by an earlier run of this job.
  if (!before || (before.completed && (before.schedule_id === null || before.sent_at !== null))) return null;
  const rendered = await renderRequest(db, guid, { now: opts.now });
  const stored = await writeFile(db, rendered.body);
  const file = { ...rendered, ...stored };
  if (opts.signal?.aborted) {
    await dropFileIfUnused(db, file.id);
    throw new Error('lost the lease while rendering');
  }
  if (before.schedule_id !== null) await prepareReportMails(db);
  const result = await db.transaction().execute(async (trx) => {
    const q = await trx
      .selectFrom('report_requests as q')
      .innerJoin('reports as r', 'r.id', 'q.report_id')
      .innerJoin('clients as c', 'c.id', 'r.client_id')
      .leftJoin('report_schedules as s', 's.id', 'q.schedule_id')
      .select([
        'q.guid',
        'q.report_id',
        'q.schedule_id',
        'q.sent_at',
        'q.file_id',
        'q.date_start',
        'q.date_end',
        'q.contact_id',
        'q.is_listing',
        'r.name',
        'r.project_id',
        'r.layout_id',
        'r.kind',
        'r.client_id',
        'c.time_zone',
        's.frequency_id',
      ])
      .where('q.guid', '=', guid)
      .forUpdate('q')
      .executeTakeFirst();
    if (!q) return null;
    await trx
      .updateTable('report_requests')
      .set({ completed: true, error: null, file_id: file.id, file_path: file.fileName, file_size: file.size, content_type: file.contentType })
      .where('guid', '=', guid)
      .execute();
    // The file a run before this one made, unless a mail still carries it.
    if (q.file_id && q.file_id !== file.id) await dropFileIfUnused(trx, q.file_id);
    let mails = 0;
    // Who is told in the bell: the contact who asked, or a schedule's recipients.
    const told = await trx
      .selectFrom('client_contacts as cc')
      .select('cc.user_id')
      .distinct()
      .where('cc.client_id', '=', q.client_id)
      .$if(q.schedule_id === null, (b) => b.where('cc.id', '=', q.contact_id ?? -1))
      .$if(q.schedule_id !== null, (b) =>
        b
          .where('cc.is_active', '=', true)
          .where('cc.id', 'in', (eb) => eb.selectFrom('report_recipients').select('contact_id').where('report_id', '=', q.report_id)),
      )
      .execute();
    if (told.length && (q.schedule_id === null || q.sent_at === null))
      await trx
        .insertInto('notifications')
        .values(
          told.map(({ user_id }) => ({
            user_id,
            description: reportNotice(q.name, q.is_listing, q.schedule_id !== null),
            notification_type_id: NOTIFICATION_BEHAVIOUR.MarkSeen,
            project_id: q.project_id,
            link: reportDownloadPath(q.is_listing ? SPREADSHEET_LAYOUT : q.layout_id, guid),
          })),
        )
        .execute()
        .then(() =>
          notificationsRaised(
            trx,
            told.map((t) => t.user_id),
          ),
        );
    if (q.schedule_id !== null && q.sent_at === null) {
      const recipients = await trx
        .selectFrom('report_recipients as rr')
        .innerJoin('client_contacts as cc', 'cc.id', 'rr.contact_id')
        .innerJoin('users as u', 'u.id', 'cc.user_id')
        .select(['cc.id as contact_id', 'u.email', 'u.name'])
        .where('rr.report_id', '=', q.report_id)
        .where('cc.client_id', '=', q.client_id)
        .where('cc.is_active', '=', true)
        .orderBy('cc.id')
        .execute();
      mails = await queueReportMails(trx, {
        request: { guid, reportId: q.report_id, reportName: q.name, kind: q.kind as ReportKind, start: q.date_start, end: q.date_end, timeZone: q.time_zone },
        file: { id: file.id, name: file.fileName, contentType: file.contentType },
        recipients,
        keyOf: (contactId) => `report-schedule:${guid}:${contactId}`,
        publicUrl: opts.publicUrl,
        smtp: opts.smtp,
        db,
        scheduled: q.frequency_id ? frequencyDescription(q.frequency_id) : undefined,
      });
      await trx
        .updateTable('report_requests')
        .set({ sent_at: opts.now ?? new Date() })
        .where('guid', '=', guid)
        .execute();
    }
    return { guid, mails };
  });
  // Deleted meanwhile: nothing will refer to the file.
  if (!result) await dropFileIfUnused(db, file.id);
  return result;
}

/** The app's page that downloads a request's file (/report/{layoutId}/{guid}). */
export const reportDownloadPath = (layoutId: number, guid: string) => `/report/${layoutId}/${guid}`;

/** The bell's notice of a finished file. */
export const reportNotice = (name: string, listing: boolean, scheduled: boolean) =>
  `${listing ? 'The clip listing of report' : scheduled ? 'Scheduled report' : 'Report'} "${name}" is ready: click to download it.`;

/** The queue's handler: generates, and on the last failed attempt records the error on the request. */
export async function generateJob(db: Db, job: Job, opts: Omit<GenerateOptions, 'signal'>): Promise<GenerateResult | null> {
  const { guid } = job.payload as { guid: string };
  try {
    return await generateRequest(db, guid, { ...opts, signal: job.signal });
  } catch (err) {
    if (job.attempt >= GENERATE_ATTEMPTS)
      await db
        .updateTable('report_requests')
        .set({ error: (err instanceof Error ? err.message : String(err)).slice(0, 500) })
        .where('guid', '=', guid)
        .execute();
    throw err;
  }
}
