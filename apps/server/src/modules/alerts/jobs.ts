// The alerts module's background work: each alert's new mentions to its recipients on its interval.
import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { ALERT_EVERY_MS, ALERT_QUEUE, deliverDueAlerts } from './delivery.ts';

export const alertJobs: ModuleJobs = {
  schedules: [{ name: 'alerts', queue: ALERT_QUEUE, everyMs: ALERT_EVERY_MS }],
  queues: (ctx) => ({
    [ALERT_QUEUE]: {
      leaseMs: 120_000,
      handler: async () => {
        const sent = await deliverDueAlerts(ctx.db, { publicUrl: ctx.publicUrl, smtp: ctx.smtp });
        if (sent.length) {
          ctx.log?.info(`alerts: ${sent.length} windows, ${sent.reduce((n, w) => n + w.mails, 0)} mails`);
          ctx.deliver();
        }
      },
    },
  }),
};
