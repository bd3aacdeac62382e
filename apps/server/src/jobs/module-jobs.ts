// What a module declares to run in the background (docs/architecture.md, "Modules own their
// jobs"): its queues' handlers and the schedules that feed them. product-jobs.ts lists the
// modules' jobs as modules/index.ts lists their routes; the runner (runner.ts) runs them.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.ts';
import type { QueueSpec } from './runner.ts';

/** What the jobs of every module may use: the database, the mail settings, the log, the outbox sender. */
export interface JobContext {
  db: Db;
  /** Public address of the web app, for the links in mails. */
  publicUrl: string;
  /** Whether an SMTP server delivers the outbox (else mails are kept for /admin/outbox). */
  smtp: boolean;
  log?: FastifyBaseLogger;
  /** Sends what is pending in the outbox now (after a job queued mail), instead of at the sender's next step. */
  deliver: () => void;
  /** Days finished outbox rows are kept (OUTBOX_RETENTION_DAYS). */
  outboxRetentionDays: number;
  /** Months of bin_clips partitions kept (BIN_CLIPS_KEEP_MONTHS); null: every month is kept. */
  binClipsKeepMonths: number | null;
  /** Whether a month past them is dropped or only detached (BIN_CLIPS_OLD_MONTHS). */
  binClipsOldMonths: 'drop' | 'detach';
}

/** A module's background work: queues (by name) and recurring schedules of them. */
export interface ModuleJobs {
  queues: (ctx: JobContext) => Record<string, QueueSpec>;
  schedules?: readonly { name: string; queue: string; everyMs: number }[];
}
