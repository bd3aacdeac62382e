// Background work started once the database is migrated and seeded: the mail sender
// (mail/mailer.ts: delivers the queued outbox with retries), the connectors and the job runner at
// once; on a first start's demo database the 90-day demo corpus, written in the background newest
// day first (ingest/demo-corpus.ts) while the server answers, its progress told through onStatus;
// then the live simulator (on by default with the demo seed). Returns a function that stops it all.
import type { FastifyBaseLogger } from 'fastify';
import type { StartStatus } from './http/start-status.ts';
import type { Config } from './config.ts';
import { whenDatabaseAnswers, type Db } from './db/connection.ts';
import { countTokensToRotate } from './crypto/profile-tokens.ts';
import type { TokenKeyring } from './crypto/tokens.ts';
import type { Mailer } from './mail/mailer.ts';
import { followerJobConfig } from './modules/followers/snapshots.ts';
import { linkedInVersionWarning } from './networks/linkedin/api.ts';
import { DEMO_BATCH, pendingDemoCorpus, writeDemoCorpus, writeDemoCorpusExclusive } from './ingest/demo-corpus.ts';
import { backfillDemoLocations } from './ingest/locations-backfill.ts';
import { startSimulator } from './ingest/simulator.ts';
import { startProductJobs } from './jobs/product-jobs.ts';
import { eventHub } from './modules/events/service.ts';

/** Posts per statement of the demo corpus on PostgreSQL, where a statement holds one connection of the pool, not the database. */
const DEMO_BATCH_POSTGRES = 2000;

export async function startBackground(opts: {
  db: Db;
  /** PostgreSQL may be shared by several processes: the connector job then takes turns (jobs/connectors.ts). */
  engine: 'pglite' | 'postgres';
  config: Config;
  log: FastifyBaseLogger;
  mailer?: Mailer;
  /** The keys of profiles' tokens (crypto/tokens.ts resolveTokenKeys, called by main.ts before listening). */
  tokenKeys: TokenKeyring | null;
  /** Told `demo` with the days written while the demo corpus is written, then `ready`. */
  onStatus?: (status: StartStatus) => void;
}): Promise<() => Promise<void>> {
  const { db, config, log, tokenKeys } = opts;
  const onStatus = opts.onStatus ?? (() => undefined);
  if (tokenKeys) {
    const stale = await whenDatabaseAnswers('counting tokens to rotate', () => countTokensToRotate(db, tokenKeys));
    if (stale > 0) log.warn(`${stale} stored tokens are not under the current key ${tokenKeys.current.id}: run npm run tokens:rotate`);
  }
  // First, so mail queued while the demo corpus is generated still goes out.
  const stopMailer = opts.mailer?.start({ onError: (err) => log.warn({ err }, 'mail sender step failed') });
  // A new plan is recorded only on a database with no posts; a first start stopped part way resumes its plan.
  // Each step before the loops start waits out a database that stops meanwhile (a restart while
  // the process starts), as migrating and seeding do in main.ts: every one of them may run again.
  const plan = config.demo
    ? await whenDatabaseAnswers('planning the demo corpus', () => pendingDemoCorpus(db, { clips: config.demoClips, days: config.demoDays }))
    : null;
  if (config.demo && config.demoClips > 0 && !plan) {
    // A corpus stored before posts carried their place (migration 0018): locate it once.
    const located = await whenDatabaseAnswers('locating the demo corpus', () => backfillDemoLocations(db));
    if (located > 0) log.info(`demo corpus: ${located} clips located (world map)`);
  }
  const connectors =
    config.connectorIntervalMs > 0
      ? {
          config: {
            intervalMs: config.connectorIntervalMs,
            xBearerToken: config.xBearerToken,
            youtubeApiKey: config.youtubeApiKey,
            tiktokResearch: config.tiktokResearch,
            baseUrls: config.apiBases,
            linkedInVersion: config.linkedInVersion,
            blogFeeds: config.blogFeeds,
            tokenKeys,
            // Public addresses only unless OUTBOUND_ALLOW_PRIVATE=1 or OUTBOUND_ALLOW_HOSTS names the host.
            outbound: { allowPrivate: config.outboundAllowPrivate, allowHosts: config.outboundAllowHosts },
            maxBodyBytes: config.connectorMaxBodyBytes,
          },
          deps: { log, exclusive: opts.engine === 'postgres' },
        }
      : null;
  if (connectors) log.info(`connectors on: each network every ${config.connectorIntervalMs} ms, on its own queue of the job runner`);
  // LinkedIn refuses a version about a year after its release (426): say so before it happens.
  const linkedInWarning = connectors ? linkedInVersionWarning(config.linkedInVersion, new Date()) : null;
  if (linkedInWarning) log.warn(linkedInWarning);
  // The durable job runner (jobs/runner.ts): collection (a queue per network), word-bin digests,
  // crisis spike alerts, reports, alerts and the token check.
  // Follower counts of the linked profiles (Follower Growth) are read there once a day, when the connectors run.
  // Before the demo corpus's first post: on a database with no posts the sentiment model on disk is
  // recorded as applied (jobs/sentiment-recompute.ts), so the corpus is not scored twice.
  // Its schedules and the model check are written before the runner starts: a retry repeats only them.
  const stopJobs = await whenDatabaseAnswers('declaring the jobs', () =>
    startProductJobs(db, {
      publicUrl: config.publicUrl,
      smtp: !!config.smtpUrl,
      mailer: opts.mailer,
      log,
      followers: followerJobConfig(config, tokenKeys),
      outboxRetentionDays: config.outboxRetentionDays,
      binClipsKeepMonths: config.binClipsKeepMonths,
      binClipsOldMonths: config.binClipsOldMonths,
      connectors,
    }),
  );
  log.info('job runner on');

  let stopSimulator: (() => Promise<void>) | null = null;
  const stopping = new AbortController();
  // After the corpus: the simulator carries on from its end at its rate (ingest/simulator.ts).
  const ready = () => {
    if (stopping.signal.aborted) return;
    onStatus({ phase: 'ready' });
    if (!config.simulator) return;
    stopSimulator = startSimulator(db, { onError: (err) => log.error({ err }, 'simulator tick failed') });
    log.info('live post simulator on');
  };
  let corpus: Promise<void> = Promise.resolve();
  if (plan) {
    onStatus({ phase: 'demo', demo: { daysLoaded: plan.daysDone, days: plan.days } });
    log.info(`demo corpus: ${plan.clips} posts over ${plan.days} days, newest first${plan.daysDone ? `, from day ${plan.daysDone + 1}` : ''}`);
    const writing = {
      batch: opts.engine === 'postgres' ? DEMO_BATCH_POSTGRES : DEMO_BATCH,
      signal: stopping.signal,
      onDay: async (daysLoaded: number, days: number) => {
        onStatus({ phase: 'demo', demo: { daysLoaded, days } });
        if (daysLoaded === 1 || daysLoaded % 10 === 0) log.info(`demo corpus: ${daysLoaded} of ${days} days`);
        if (config.demoDayPauseMs > 0 && daysLoaded < days) await new Promise((r) => setTimeout(r, config.demoDayPauseMs));
      },
    };
    // PostgreSQL may be shared by several DEMO=1 processes: one writes the corpus, the others wait
    // for it, telling its progress, and write only what it left (ingest/demo-corpus.ts).
    let waiting = false;
    const written =
      opts.engine === 'postgres'
        ? writeDemoCorpusExclusive(db, {
            ...writing,
            onWaiting: (daysLoaded, days) => {
              if (!waiting) log.info('demo corpus: written by another process, waiting for it');
              waiting = true;
              onStatus({ phase: 'demo', demo: { daysLoaded, days } });
            },
          })
        : writeDemoCorpus(db, plan, writing);
    corpus = written.then(
      (r) => {
        if (r && !stopping.signal.aborted) log.info(`demo corpus: ${r.clips} clips (${r.binClips} bin rows) for ${r.projects} projects in ${r.seconds} s`);
        ready();
      },
      (err: unknown) => {
        // The server stays up with the days written; the next start resumes at the first day not written.
        log.error({ err }, 'demo corpus failed');
        ready();
      },
    );
  } else ready();

  return async () => {
    stopping.abort();
    await corpus;
    await stopSimulator?.();
    // Open live-event streams end first, so that the server's close does not wait for them.
    eventHub(db).closeAll();
    await stopJobs();
    await stopMailer?.();
  };
}
