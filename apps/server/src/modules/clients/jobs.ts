// The clients module's background work: each client's post retention, applied once a day (and at
// once when an admin shortens it), retention.ts.
import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { applyRetentionAll, RETENTION_EVERY_MS, RETENTION_QUEUE } from './retention.ts';

export const clientJobs: ModuleJobs = {
  schedules: [{ name: 'post-retention', queue: RETENTION_QUEUE, everyMs: RETENTION_EVERY_MS }],
  queues: (ctx) => ({
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
