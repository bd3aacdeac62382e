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
import { ringBell, type DeliveryOptions } from '../../mail/notify.ts';
import * as q from './queries.ts';

export const REPORT_GENERATE_QUEUE = 'report-generate';
/** Attempts before a request is marked failed (its Error shown in the log; regenerate tries again). */
export const GENERATE_ATTEMPTS = 3;

export async function enqueueGeneration(db: Db, guid: string): Promise<void> {
  await enqueue(db, REPORT_GENERATE_QUEUE, { guid }, { maxAttempts: GENERATE_ATTEMPTS });
}

export interface GenerateOptions extends DeliveryOptions {
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
  const before = await q.requestProgress(db, guid);
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
    const req = await q.lockRequestToComplete(trx, guid);
    if (!req) return null;
    await q.completeRequest(trx, guid, file);
    // The file a run before this one made, unless a mail still carries it.
    if (req.file_id && req.file_id !== file.id) await dropFileIfUnused(trx, req.file_id);
    let mails = 0;
    // Who is told in the bell: the contact who asked, or a schedule's recipients.
    const scheduled = req.schedule_id !== null;
    const told = await q.usersToTell(trx, { clientId: req.client_id, reportId: req.report_id, contactId: req.contact_id, scheduled });
    if (!scheduled || req.sent_at === null)
      await ringBell(trx, told, {
        description: reportNotice(req.name, req.is_listing, scheduled),
        typeId: NOTIFICATION_BEHAVIOUR.MarkSeen,
        projectId: req.project_id,
        link: reportDownloadPath(req.is_listing ? SPREADSHEET_LAYOUT : req.layout_id, guid),
      });
    if (scheduled && req.sent_at === null) {
      const recipients = await q.recipients(trx, req.report_id);
      mails = await queueReportMails(trx, {
        request: {
          guid,
          reportId: req.report_id,
          reportName: req.name,
          kind: req.kind as ReportKind,
          start: req.date_start,
          end: req.date_end,
          timeZone: req.time_zone,
        },
        file: { id: file.id, name: file.fileName, contentType: file.contentType },
        recipients,
        keyOf: (contactId) => `report-schedule:${guid}:${contactId}`,
        publicUrl: opts.publicUrl,
        smtp: opts.smtp,
        db,
        scheduled: req.frequency_id ? frequencyDescription(req.frequency_id) : undefined,
      });
      await q.markRequestSent(trx, guid, opts.now ?? new Date());
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
    if (job.attempt >= GENERATE_ATTEMPTS) await q.recordRequestError(db, guid, err instanceof Error ? err.message : String(err));
    throw err;
  }
}
