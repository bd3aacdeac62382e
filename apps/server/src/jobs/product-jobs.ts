// The product's jobs on the durable runner (runner.ts, docs/jobs.md): their queues, handlers and
// schedules. Started by startup.ts in every process that runs background work; any number of
// processes may run it on one database.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.ts';
import type { Mailer } from '../mail/mailer.ts';
import { ALERT_EVERY_MS, ALERT_QUEUE, deliverDueAlerts } from './alert-delivery.ts';
import { checkCrisisSpikes, SPIKE_EVERY_MS, SPIKE_QUEUE } from './crisis-spike.ts';
import { DEFAULT_OUTBOX_RETENTION_DAYS } from '../mail/mailer.ts';
import { generateJob, REPORT_GENERATE_QUEUE } from './report-generate.ts';
import { purgeOutboxAndFiles, REPORT_PURGE_EVERY_MS, REPORT_PURGE_QUEUE } from './report-purge.ts';
import { REPORT_SCHEDULES_EVERY_MS, REPORT_SCHEDULES_QUEUE, sendDueSchedules } from './report-schedules.ts';
import { connectorQueues, scheduleConnectors, type ConnectorJobConfig, type ConnectorJobDeps } from './connectors.ts';
import { createRunner, schedule, type Runner } from './runner.ts';
import { queueRecompute, recomputeSentiment, RECOMPUTE_QUEUE } from './sentiment-recompute.ts';
import { deliverDueDigests, DIGEST_EVERY_MS, DIGEST_QUEUE } from './word-bin-digest.ts';
import { loadConfig } from '../config.ts';
import { tokenDeps, type TokenDeps } from '../oauth/linked-profiles.ts';
import { checkTokens, TOKEN_CHECK_EVERY_MS, TOKEN_CHECK_QUEUE } from './token-check.ts';
import {
  FOLLOWER_SNAPSHOT_EVERY_MS,
  FOLLOWER_SNAPSHOT_QUEUE,
  followerJobConfig,
  followerSnapshotHandler,
  type FollowerJobConfig,
} from './follower-snapshots.ts';

export interface ProductJobOptions {
  publicUrl: string;
  smtp: boolean;
  mailer?: Mailer;
  log?: FastifyBaseLogger;
  pollMs?: number;
  /** What the token check needs (keys, OAuth clients, API bases); unset: from the environment, as main.ts reads it. */
  tokens?: TokenDeps;
  /** The follower-snapshot job's networks and keys; null: network reads are off; unset: from the environment. */
  followers?: FollowerJobConfig | null;
  /** Days finished outbox rows are kept (OUTBOX_RETENTION_DAYS). */
  outboxRetentionDays?: number;
  /** Collection from the networks (jobs/connectors.ts), a queue per network; null or unset: off (CONNECTOR_INTERVAL_MS=0). */
  connectors?: { config: ConnectorJobConfig; deps: ConnectorJobDeps } | null;
}

const quiet = { info: () => {}, warn: () => {} };

export function productRunner(db: Db, opts: ProductJobOptions): Runner {
  let followers: FollowerJobConfig | null | undefined = opts.followers;
  const followersConfig = () => {
    if (followers === undefined) {
      const config = loadConfig();
      followers = followerJobConfig(config, tokenDeps(config).keys);
    }
    return followers;
  };
  const deliver = () => (opts.smtp && opts.mailer ? opts.mailer.flush().catch(() => undefined) : undefined);
  return createRunner(db, {
    pollMs: opts.pollMs,
    onError: (err, job) => opts.log?.warn({ err, job }, 'job failed'),
    queues: {
      // One queue per network: a network's rate-limit wait holds only its own collection.
      ...(opts.connectors ? connectorQueues(db, opts.connectors.config, opts.connectors.deps) : {}),
      [REPORT_SCHEDULES_QUEUE]: {
        handler: async () => {
          const made = await sendDueSchedules(db);
          if (made.length) opts.log?.info(`report schedules: ${made.length} sends queued`);
        },
      },
      [REPORT_GENERATE_QUEUE]: {
        // Two reports at once: a long spreadsheet does not hold up a short PDF.
        concurrency: 2,
        leaseMs: 120_000,
        handler: async (job) => {
          const done = await generateJob(db, job, { publicUrl: opts.publicUrl, smtp: opts.smtp });
          if (done?.mails) void deliver();
        },
      },
      // Finished outbox rows past the retention, then the report files nothing refers to.
      [REPORT_PURGE_QUEUE]: {
        leaseMs: 300_000,
        handler: async () => {
          const p = await purgeOutboxAndFiles(db, { retentionDays: opts.outboxRetentionDays ?? DEFAULT_OUTBOX_RETENTION_DAYS });
          if (p.mails || p.files) opts.log?.info(`outbox purge: ${p.mails} mails, ${p.files} report files`);
        },
      },
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
      // After a model change: rescore stored clips in batches, resumable (docs/sentiment.md).
      [RECOMPUTE_QUEUE]: {
        leaseMs: 120_000,
        handler: async (job) => {
          const p = await recomputeSentiment(db, { signal: job.signal });
          opts.log?.info(`sentiment recompute (model ${p.version}): ${p.clipsDone} clips, ${p.rowsChanged} rows changed`);
        },
      },
      // Alerts (per-contact notifications): each alert's new mentions to its recipients on its interval.
      [ALERT_QUEUE]: {
        leaseMs: 120_000,
        handler: async () => {
          const sent = await deliverDueAlerts(db, { publicUrl: opts.publicUrl, smtp: opts.smtp });
          if (sent.length) {
            opts.log?.info(`alerts: ${sent.length} windows, ${sent.reduce((n, w) => n + w.mails, 0)} mails`);
            void deliver();
          }
        },
      },
      // Linked profiles' tokens: refreshed, re-checked, their contacts told when one turns invalid (docs/access-tokens.md).
      [TOKEN_CHECK_QUEUE]: {
        leaseMs: 300_000,
        handler: async (job) => {
          const r = await checkTokens(db, opts.tokens ?? tokenDeps(loadConfig()), { signal: job.signal });
          if (r.checked || r.unreachable)
            opts.log?.info(
              `token check: ${r.checked} checked, ${r.refreshed} refreshed, ${r.invalid} invalid (${r.turnedInvalid} newly), ${r.unreachable} unreachable`,
            );
          if (r.turnedInvalid) void deliver();
        },
      },
      // Follower counts of the linked profiles (Follower Growth), read from their networks once a day.
      [FOLLOWER_SNAPSHOT_QUEUE]: {
        leaseMs: 300_000,
        handler: followerSnapshotHandler(db, followersConfig, { log: opts.log ?? quiet }),
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
  await schedule(db, 'token-check', TOKEN_CHECK_QUEUE, TOKEN_CHECK_EVERY_MS);
  await schedule(db, 'alerts', ALERT_QUEUE, ALERT_EVERY_MS);
  await schedule(db, 'report-schedules', REPORT_SCHEDULES_QUEUE, REPORT_SCHEDULES_EVERY_MS);
  await schedule(db, 'outbox-purge', REPORT_PURGE_QUEUE, REPORT_PURGE_EVERY_MS);
  await schedule(db, 'follower-snapshots', FOLLOWER_SNAPSHOT_QUEUE, FOLLOWER_SNAPSHOT_EVERY_MS);
  await scheduleConnectors(db, opts.connectors?.config.intervalMs ?? 0);
  // A model file not yet applied to the stored clips (a new release, a retrain) is applied now.
  await queueRecompute(db);
  return productRunner(db, opts).start();
}
