// The response queue's background work: telling the Response Contacts of posts that waited too long.
import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { RESPONSE_ALERT_EVERY_MS, RESPONSE_ALERT_QUEUE, alertWaitingResponses } from './alerting.ts';

export const responseJobs: ModuleJobs = {
  schedules: [{ name: 'response-alerts', queue: RESPONSE_ALERT_QUEUE, everyMs: RESPONSE_ALERT_EVERY_MS }],
  queues: (ctx) => ({
    [RESPONSE_ALERT_QUEUE]: {
      leaseMs: 120_000,
      handler: async () => {
        const runs = await alertWaitingResponses(ctx.db, { publicUrl: ctx.publicUrl, smtp: ctx.smtp });
        if (runs.length) {
          ctx.log?.info(`response alerts: ${runs.reduce((n, r) => n + r.posts, 0)} posts, ${runs.reduce((n, r) => n + r.mails, 0)} mails`);
          ctx.deliver();
        }
      },
    },
  }),
};
