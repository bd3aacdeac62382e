// What sent mail and reports leave behind, purged once an hour on the job runner (docs/reports.md,
// "Files, mail and limits"): outbox rows finished (sent, failed, kept) more than the retention ago
// (OUTBOX_RETENTION_DAYS, default 30), with their references to stored files; then the stored files
// nothing refers to any more; and the rate limits' events past their window. Each is one statement,
// so any number of workers may run it at once.
import { REPORT_RATE_LIMITS } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import { purgeOutbox } from '../../mail/mailer.ts';
import { purgeUnusedFiles } from '../../reports/files.ts';
import * as q from './queries.ts';

export const REPORT_PURGE_QUEUE = 'outbox-purge';
export const REPORT_PURGE_EVERY_MS = 60 * 60_000;
const DAY = 86_400_000;

export async function purgeOutboxAndFiles(db: Db, opts: { retentionDays: number; now?: Date }): Promise<{ mails: number; files: number; events: number }> {
  const now = opts.now ?? new Date();
  const mails = await purgeOutbox(db, new Date(now.getTime() - opts.retentionDays * DAY));
  const files = await purgeUnusedFiles(db, now);
  const events = await q.purgeRateEvents(db, new Date(now.getTime() - REPORT_RATE_LIMITS.windowMinutes * 60_000));
  return { mails, files, events };
}
