// Background work started after the server listens: the mail sender (mail/mailer.ts: delivers the
// queued outbox with retries); on a demo database with no posts yet, the 90-day demo corpus; then
// the live simulator (on by default with the demo seed). Returns a function that stops it.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/connection.ts';
import { countTokensToRotate } from './crypto/profile-tokens.ts';
import type { TokenKeyring } from './crypto/tokens.ts';
import type { Mailer } from './mail/mailer.ts';
import { startConnectorJob } from './jobs/connectors.ts';
import { followerJobConfig } from './jobs/follower-snapshots.ts';
import { linkedInVersionWarning } from './ingest/connectors/linkedin.ts';
import { generateDemoCorpus } from './ingest/demo-corpus.ts';
import { backfillDemoLocations } from './ingest/locations-backfill.ts';
import { startSimulator } from './ingest/simulator.ts';
import { startProductJobs } from './jobs/product-jobs.ts';
import { eventHub } from './modules/events/service.ts';

export async function startBackground(opts: {
  db: Db;
  /** PostgreSQL may be shared by several processes: the connector job then takes turns (jobs/connectors.ts). */
  engine: 'pglite' | 'postgres';
  config: Config;
  log: FastifyBaseLogger;
  mailer?: Mailer;
  /** The keys of profiles' tokens (crypto/tokens.ts resolveTokenKeys, called by main.ts before listening). */
  tokenKeys: TokenKeyring | null;
}): Promise<() => Promise<void>> {
  const { db, config, log, tokenKeys } = opts;
  if (tokenKeys) {
    const stale = await countTokensToRotate(db, tokenKeys);
    if (stale > 0) log.warn(`${stale} stored tokens are not under the current key ${tokenKeys.current.id}: run npm run tokens:rotate`);
  }
  // First, so mail queued while the demo corpus is generated still goes out.
  const stopMailer = opts.mailer?.start({ onError: (err) => log.warn({ err }, 'mail sender step failed') });
  if (config.demo && config.demoClips > 0) {
    // Checked on posts rather than on a fresh seed, so an interrupted first start resumes here.
    const any = await db.selectFrom('clips').select('id').limit(1).executeTakeFirst();
    if (!any) {
      log.info(`generating the demo corpus: ${config.demoClips} posts over ${config.demoDays} days`);
      let last = 0;
      const r = await generateDemoCorpus(db, {
        clips: config.demoClips,
        days: config.demoDays,
        onProgress: (n) => {
          if (n - last >= 50_000) log.info(`demo corpus: ${(last = n)} posts`);
        },
      });
      log.info(`demo corpus: ${r.clips} clips (${r.binClips} bin rows) for ${r.projects} projects in ${r.seconds} s`);
    } else {
      // A corpus stored before posts carried their place (migration 0018): locate it once.
      const located = await backfillDemoLocations(db);
      if (located > 0) log.info(`demo corpus: ${located} clips located (world map)`);
    }
  }
  const stopSimulator = config.simulator ? startSimulator(db, { onError: (err) => log.error({ err }, 'simulator tick failed') }) : null;
  if (stopSimulator) log.info('live post simulator on');
  const connectors =
    config.connectorIntervalMs > 0
      ? startConnectorJob(
          db,
          {
            intervalMs: config.connectorIntervalMs,
            xBearerToken: config.xBearerToken,
            youtubeApiKey: config.youtubeApiKey,
            baseUrls: config.apiBases,
            linkedInVersion: config.linkedInVersion,
            blogFeeds: config.blogFeeds,
            tokenKeys,
            // Public addresses only unless OUTBOUND_ALLOW_PRIVATE=1 or OUTBOUND_ALLOW_HOSTS names the host.
            outbound: { allowPrivate: config.outboundAllowPrivate, allowHosts: config.outboundAllowHosts },
            maxBodyBytes: config.connectorMaxBodyBytes,
          },
          { log, exclusive: opts.engine === 'postgres' },
        )
      : null;
  if (connectors) log.info(`connector job on, every ${config.connectorIntervalMs} ms`);
  // LinkedIn refuses a version about a year after its release (426): say so before it happens.
  const linkedInWarning = connectors ? linkedInVersionWarning(config.linkedInVersion, new Date()) : null;
  if (linkedInWarning) log.warn(linkedInWarning);
  // The durable job runner (jobs/runner.ts): word-bin digests and crisis spike alerts.
  // Follower counts of the linked profiles (Follower Growth) are read there once a day, when the connectors run.
  const stopJobs = await startProductJobs(db, {
    publicUrl: config.publicUrl,
    smtp: !!config.smtpUrl,
    mailer: opts.mailer,
    log,
    followers: followerJobConfig(config, tokenKeys),
    outboxRetentionDays: config.outboxRetentionDays,
  });
  log.info('job runner on');
  return async () => {
    await connectors?.stop();
    await stopSimulator?.();
    // Open live-event streams end first, so that the server's close does not wait for them.
    eventHub(db).closeAll();
    await stopJobs();
    await stopMailer?.();
  };
}
