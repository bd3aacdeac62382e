// The clients module's background work: each client's post retention, applied once a day (and at
// once when an admin shortens it), retention.ts; and, once a day, the month partitions of bin_clips
// (ledger/partitions.ts): this month and the next two made ahead, so posts land in their month's
// table, then, with BIN_CLIPS_KEEP_MONTHS set, the months older than that detached (or dropped)
// once retention has emptied them; and, once an hour, the statistics of bin_clips and clips as
// wholes, which autovacuum never takes for a partitioned table (ledger/partitions.ts,
// analyzeMonthTables). The durable runner runs each scheduled run once across processes.
import type { JobContext, ModuleJobs } from '../../jobs/module-jobs.ts';
import { analyzeMonthTables, detachBinClipsMonthsBefore, makeBinClipsMonths, MONTH_TABLES, monthStart } from '../../ledger/index.ts';
import { applyRetentionAll, RETENTION_EVERY_MS, RETENTION_QUEUE } from './retention.ts';

/** The queue (and schedule) that makes the month partitions of bin_clips and clips ahead. */
export const BIN_CLIPS_MONTHS_QUEUE = 'bin-clips-months';
/** The queue (and schedule) that takes the statistics of bin_clips and clips as wholes. */
export const MONTH_STATISTICS_QUEUE = 'month-table-statistics';
/** How often: the parents' statistics follow the months' rows within the hour. */
const MONTH_STATISTICS_EVERY_MS = 3_600_000;
/** Months made ahead of the current one. */
const MONTHS_AHEAD = 2;

/**
 * One run of the bin-clips-months job at `now`: makes this month and the next two that are
 * missing, of bin_clips then clips, then, when `binClipsKeepMonths` is set, detaches (and drops, unless 'detach') the
 * months wholly before the first of the month `binClipsKeepMonths` months back that hold no row.
 */
export async function binClipsMonthsRun(
  ctx: Pick<JobContext, 'db' | 'binClipsKeepMonths' | 'binClipsOldMonths'>,
  now: Date,
): Promise<{ made: string[]; detached: string[] }> {
  const made: string[] = [];
  const detached: string[] = [];
  for (const table of MONTH_TABLES) made.push(...(await makeBinClipsMonths(ctx.db, now, MONTHS_AHEAD + 1, table)));
  if (ctx.binClipsKeepMonths !== null) {
    const before = monthStart(now, -ctx.binClipsKeepMonths);
    for (const table of MONTH_TABLES) detached.push(...(await detachBinClipsMonthsBefore(ctx.db, before, { keep: ctx.binClipsOldMonths === 'detach' }, table)));
  }
  return { made, detached };
}

export const clientJobs: ModuleJobs = {
  schedules: [
    { name: 'post-retention', queue: RETENTION_QUEUE, everyMs: RETENTION_EVERY_MS },
    { name: BIN_CLIPS_MONTHS_QUEUE, queue: BIN_CLIPS_MONTHS_QUEUE, everyMs: 24 * 3_600_000 },
    { name: MONTH_STATISTICS_QUEUE, queue: MONTH_STATISTICS_QUEUE, everyMs: MONTH_STATISTICS_EVERY_MS },
  ],
  queues: (ctx) => ({
    [BIN_CLIPS_MONTHS_QUEUE]: {
      leaseMs: 300_000,
      handler: async () => {
        const { made, detached } = await binClipsMonthsRun(ctx, new Date());
        if (made.length) ctx.log?.info(`month partitions made: ${made.join(', ')}`);
        if (detached.length) ctx.log?.info(`month partitions ${ctx.binClipsOldMonths === 'detach' ? 'detached' : 'dropped'}: ${detached.join(', ')}`);
      },
    },
    [MONTH_STATISTICS_QUEUE]: {
      leaseMs: 600_000,
      handler: async () => {
        await analyzeMonthTables(ctx.db);
      },
    },
    [RETENTION_QUEUE]: {
      leaseMs: 300_000,
      handler: async (job) => {
        const clientId = (job.payload as { clientId?: number } | null)?.clientId;
        // Stops between batches once the lease is lost or the process stops: the next run carries on.
        const stopped = () => job.signal.aborted || !!job.stopping?.aborted;
        for (const r of await applyRetentionAll(ctx.db, { clientId, stopped }))
          ctx.log?.info(
            `post retention of client ${r.clientId}: posts before ${r.cutoff.toISOString()}, ${r.binClipsRemoved} bin rows and ${r.postsRemoved} posts removed${r.finished ? '' : ' (stopped early)'}`,
          );
      },
    },
  }),
};
