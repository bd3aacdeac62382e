// The product's jobs on the durable runner (runner.ts, docs/jobs.md): their queues, handlers and
// schedules. Started by startup.ts in every process that runs background work; any number of
// processes may run it on one database.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.ts';
import type { Mailer } from '../mail/mailer.ts';
import { checkCrisisSpikes, SPIKE_EVERY_MS, SPIKE_QUEUE } from './crisis-spike.ts';
import { createRunner, schedule, type Runner } from './runner.ts';
import { deliverDueDigests, DIGEST_EVERY_MS, DIGEST_QUEUE } from './word-bin-digest.ts';

export interface ProductJobOptions {
  publicUrl: string;
  smtp: boolean;
  mailer?: Mailer;
  log?: FastifyBaseLogger;
  pollMs?: number;
}

export function productRunner(db: Db, opts: ProductJobOptions): Runner {
  const deliver = () => (opts.smtp && opts.mailer ? opts.mailer.flush().catch(() => undefined) : undefined);
  return createRunner(db, {
    pollMs: opts.pollMs,
    onError: (err, job) => opts.log?.warn({ err, job }, 'job failed'),
    queues: {
      [DIGEST_QUEUE]: {
        leaseMs: 120_000,
        handler: async () => {
          const sent = await deliverDueDigests(db, { publicUrl: opts.publicUrl, smtp: opts.smtp });
          if (sent.length) {
            opts.log?.info(`word-bin digests: ${sent.length} windows, ${sent.reduce((n, w) => n + w.mails, 0)} mails`);
            void deliver();
          }
        },
      },
      [SPIKE_QUEUE]: {
        leaseMs: 120_000,
        handler: async () => {
          const alerts = await checkCrisisSpikes(db, { publicUrl: opts.publicUrl, smtp: opts.smtp });
          if (alerts.length) {
            opts.log?.warn(`crisis spikes: ${alerts.map((a) => `list ${a.wordBinId} ${a.verdict.observed} in the hour`).join(', ')}`);
            void deliver();
          }
        },
      },
    },
  });
}

/** Declares the schedules and starts the runner; returns the function that stops it. */
export async function startProductJobs(db: Db, opts: ProductJobOptions): Promise<() => Promise<void>> {
  await schedule(db, 'word-bin-digests', DIGEST_QUEUE, DIGEST_EVERY_MS);
  await schedule(db, 'crisis-spikes', SPIKE_QUEUE, SPIKE_EVERY_MS);
  return productRunner(db, opts).start();
}
