// The word-bins module's background work: reaction and crisis lists' digests on their interval,
// and crisis-spike alerts.
import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { checkCrisisSpikes, SPIKE_EVERY_MS, SPIKE_QUEUE } from './crisis-spike.ts';
import { deliverDueDigests, DIGEST_EVERY_MS, DIGEST_QUEUE } from './digest.ts';

export const wordBinJobs: ModuleJobs = {
  schedules: [
    { name: 'word-bin-digests', queue: DIGEST_QUEUE, everyMs: DIGEST_EVERY_MS },
    { name: 'crisis-spikes', queue: SPIKE_QUEUE, everyMs: SPIKE_EVERY_MS },
  ],
  queues: (ctx) => ({
    [DIGEST_QUEUE]: {
      leaseMs: 120_000,
      handler: async () => {
        const sent = await deliverDueDigests(ctx.db, { publicUrl: ctx.publicUrl, smtp: ctx.smtp });
        if (sent.length) {
          ctx.log?.info(`word-bin digests: ${sent.length} windows, ${sent.reduce((n, w) => n + w.mails, 0)} mails`);
          ctx.deliver();
        }
      },
    },
    [SPIKE_QUEUE]: {
      leaseMs: 120_000,
      handler: async () => {
        const alerts = await checkCrisisSpikes(ctx.db, { publicUrl: ctx.publicUrl, smtp: ctx.smtp });
        if (alerts.length) {
          ctx.log?.warn(`crisis spikes: ${alerts.map((a) => `list ${a.wordBinId} ${a.verdict.observed} in the hour`).join(', ')}`);
          ctx.deliver();
        }
      },
    },
  }),
};
