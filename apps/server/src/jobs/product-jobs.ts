// The product's jobs on the durable runner (runner.ts, docs/jobs.md): every module's jobs (each
// module declares its queues and schedules in its jobs.ts, as modules/index.ts lists their
// routes), and the ones that belong to no module: collection (a queue per network), the token
// check and the sentiment recompute. Started by startup.ts in every process that runs background
// work; any number of processes may run it on one database.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.ts';
import type { Mailer } from '../mail/mailer.ts';
import { DEFAULT_OUTBOX_RETENTION_DAYS } from '../mail/mailer.ts';
import { alertJobs } from '../modules/alerts/jobs.ts';
import { clientJobs } from '../modules/clients/jobs.ts';
import { followerJobs } from '../modules/followers/jobs.ts';
import { followerJobConfig, type FollowerJobConfig } from '../modules/followers/snapshots.ts';
import { narrativeJobs } from '../modules/narratives/jobs.ts';
import { reportJobs } from '../modules/reports/jobs.ts';
import { responseJobs } from '../modules/responses/jobs.ts';
import { sentimentJobs } from '../modules/sentiment/jobs.ts';
import { wordBinJobs } from '../modules/word-bins/jobs.ts';
import { loadConfig } from '../config.ts';
import { tokenDeps, type TokenDeps } from '../oauth/linked-profiles.ts';
import { connectorQueues, scheduleConnectors, type ConnectorJobConfig, type ConnectorJobDeps } from './connectors.ts';
import type { JobContext, ModuleJobs } from './module-jobs.ts';
import { createRunner, schedule, type QueueSpec, type Runner } from './runner.ts';
import { queueRecompute, recomputeSentiment, RECOMPUTE_QUEUE } from './sentiment-recompute.ts';
import { checkTokens, TOKEN_CHECK_EVERY_MS, TOKEN_CHECK_QUEUE } from './token-check.ts';

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
  /** Months of bin_clips partitions kept (BIN_CLIPS_KEEP_MONTHS); null or unset: every month. */
  binClipsKeepMonths?: number | null;
  /** A month past them: dropped (the default) or only detached (BIN_CLIPS_OLD_MONTHS). */
  binClipsOldMonths?: 'drop' | 'detach';
  /** Collection from the networks (jobs/connectors.ts), a queue per network; null or unset: off (CONNECTOR_INTERVAL_MS=0). */
  connectors?: { config: ConnectorJobConfig; deps: ConnectorJobDeps } | null;
}

/** Every module's jobs, and the product's own (token check, sentiment recompute). */
function productJobs(opts: ProductJobOptions): ModuleJobs[] {
  let followers: FollowerJobConfig | null | undefined = opts.followers;
  const followersConfig = () => {
    if (followers === undefined) {
      const config = loadConfig();
      followers = followerJobConfig(config, tokenDeps(config).keys);
    }
    return followers;
  };
  const own: ModuleJobs = {
    schedules: [{ name: 'token-check', queue: TOKEN_CHECK_QUEUE, everyMs: TOKEN_CHECK_EVERY_MS }],
    queues: (ctx) => ({
      // After a model change: rescore stored clips in batches, resumable (docs/sentiment.md).
      [RECOMPUTE_QUEUE]: {
        leaseMs: 120_000,
        handler: async (job) => {
          const p = await recomputeSentiment(ctx.db, { signal: job.signal });
          ctx.log?.info(`sentiment recompute (model ${p.version}): ${p.clipsDone} clips, ${p.rowsChanged} rows changed`);
        },
      },
      // Linked profiles' tokens: refreshed, re-checked, their contacts told when one turns invalid (docs/access-tokens.md).
      [TOKEN_CHECK_QUEUE]: {
        leaseMs: 300_000,
        handler: async (job) => {
          const r = await checkTokens(ctx.db, opts.tokens ?? tokenDeps(loadConfig()), { signal: job.signal });
          if (r.checked || r.unreachable)
            ctx.log?.info(
              `token check: ${r.checked} checked, ${r.refreshed} refreshed, ${r.invalid} invalid (${r.turnedInvalid} newly), ${r.unreachable} unreachable`,
            );
          if (r.turnedInvalid) ctx.deliver();
        },
      },
      // One queue per network: a network's rate-limit wait holds only its own collection.
      ...(opts.connectors ? connectorQueues(ctx.db, opts.connectors.config, opts.connectors.deps) : {}),
    }),
  };
  return [wordBinJobs, alertJobs, reportJobs, responseJobs, narrativeJobs, sentimentJobs, clientJobs, followerJobs(followersConfig), own];
}

export function productRunner(db: Db, opts: ProductJobOptions): Runner {
  const ctx: JobContext = {
    db,
    publicUrl: opts.publicUrl,
    smtp: opts.smtp,
    log: opts.log,
    deliver: () => void (opts.smtp && opts.mailer ? opts.mailer.flush().catch(() => undefined) : undefined),
    outboxRetentionDays: opts.outboxRetentionDays ?? DEFAULT_OUTBOX_RETENTION_DAYS,
    binClipsKeepMonths: opts.binClipsKeepMonths ?? null,
    binClipsOldMonths: opts.binClipsOldMonths ?? 'drop',
  };
  const queues: Record<string, QueueSpec> = {};
  for (const m of productJobs(opts)) Object.assign(queues, m.queues(ctx));
  return createRunner(db, { pollMs: opts.pollMs, onError: (err, job) => opts.log?.warn({ err, job }, 'job failed'), queues });
}

/** Declares the schedules and starts the runner; returns the function that stops it. */
export async function startProductJobs(db: Db, opts: ProductJobOptions): Promise<() => Promise<void>> {
  for (const m of productJobs(opts)) for (const s of m.schedules ?? []) await schedule(db, s.name, s.queue, s.everyMs);
  await scheduleConnectors(db, opts.connectors?.config.intervalMs ?? 0);
  // A model file not yet applied to the stored clips (a new release, a retrain) is applied now.
  await queueRecompute(db);
  return productRunner(db, opts).start();
}
