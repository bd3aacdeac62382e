// Narrative Analysis's background work: large searches (search-job.ts) and the alert on a new
// narrative (alerting.ts).
import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { NARRATIVE_ALERT_EVERY_MS, NARRATIVE_ALERT_QUEUE, alertNewNarratives } from './alerting.ts';
import { NARRATIVE_SEARCH_QUEUE, runSearch } from './search-job.ts';

export const narrativeJobs: ModuleJobs = {
  schedules: [{ name: 'narrative-alerts', queue: NARRATIVE_ALERT_QUEUE, everyMs: NARRATIVE_ALERT_EVERY_MS }],
  queues: (ctx) => ({
    // Grouping a million posts takes a while (on a worker thread): a long lease, so it is not taken over meanwhile.
    [NARRATIVE_SEARCH_QUEUE]: { leaseMs: 600_000, handler: (job) => runSearch(ctx.db, job) },
    [NARRATIVE_ALERT_QUEUE]: {
      leaseMs: 300_000,
      handler: async () => {
        const runs = await alertNewNarratives(ctx.db, { publicUrl: ctx.publicUrl, smtp: ctx.smtp });
        if (runs.length) {
          ctx.log?.info(`narrative alerts: ${runs.reduce((n, r) => n + r.narratives, 0)} narratives, ${runs.reduce((n, r) => n + r.mails, 0)} mails`);
          ctx.deliver();
        }
      },
    },
  }),
};
