// The reports module's background work: due schedules become report requests, requests are
// generated (two at once: a long spreadsheet does not hold up a short PDF), and finished outbox
// rows past the retention, then the report files nothing refers to, are purged.
import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { generateJob, REPORT_GENERATE_QUEUE } from './generate.ts';
import { purgeOutboxAndFiles, REPORT_PURGE_EVERY_MS, REPORT_PURGE_QUEUE } from './purge.ts';
import { REPORT_SCHEDULES_EVERY_MS, REPORT_SCHEDULES_QUEUE, sendDueSchedules } from './schedules.ts';

export const reportJobs: ModuleJobs = {
  schedules: [
    { name: 'report-schedules', queue: REPORT_SCHEDULES_QUEUE, everyMs: REPORT_SCHEDULES_EVERY_MS },
    { name: 'outbox-purge', queue: REPORT_PURGE_QUEUE, everyMs: REPORT_PURGE_EVERY_MS },
  ],
  queues: (ctx) => ({
    [REPORT_SCHEDULES_QUEUE]: {
      handler: async () => {
        const made = await sendDueSchedules(ctx.db);
        if (made.length) ctx.log?.info(`report schedules: ${made.length} sends queued`);
      },
    },
    [REPORT_GENERATE_QUEUE]: {
      concurrency: 2,
      leaseMs: 120_000,
      handler: async (job) => {
        const done = await generateJob(ctx.db, job, { publicUrl: ctx.publicUrl, smtp: ctx.smtp });
        if (done?.mails) ctx.deliver();
      },
    },
    [REPORT_PURGE_QUEUE]: {
      leaseMs: 300_000,
      handler: async () => {
        const p = await purgeOutboxAndFiles(ctx.db, { retentionDays: ctx.outboxRetentionDays });
        if (p.mails || p.files) ctx.log?.info(`outbox purge: ${p.mails} mails, ${p.files} report files`);
      },
    },
  }),
};
