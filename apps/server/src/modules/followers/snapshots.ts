// The follower-snapshot job: once a day, on the durable runner (runner.ts, docs/jobs.md), it reads
// the follower count of every owned profile of an active project from its network, with the
// profile's own token (X users lookup, the Facebook page's and Instagram account's
// followers_count, YouTube's subscriberCount, LinkedIn's organisation follower count, TikTok's
// user info follower_count), and records a snapshot (follower_snapshots) and the profile's current
// count. Follower Growth reads the snapshots. The simulator records growth for the demo's
// profiles, which have no token.
import type { Db } from '../../db/connection.ts';
import { decryptToken, profileTokenContext, type TokenKeyring } from '../../crypto/tokens.ts';
import { HttpClient, type OutboundPolicy } from '../../ingest/connectors/http.ts';
import { DEFAULT_BASE_URLS, DEFAULT_LINKEDIN_VERSION, networkOfStream, type BaseUrls, type FollowerRead, type ProfileToRead } from '../../networks/index.ts';
import type { Config } from '../../config.ts';
import type { JobLog } from '../../jobs/connectors.ts';
import { profilesWithToken, saveFollowerSnapshots, untokenedProfilesWithoutSnapshotSince } from './queries.ts';

/** The runner's queue and the schedule's period: a day (the screen reads weeks). */
export const FOLLOWER_SNAPSHOT_QUEUE = 'follower-snapshots';
export const FOLLOWER_SNAPSHOT_EVERY_MS = 86_400_000;

export interface FollowerJobConfig {
  baseUrls: Partial<BaseUrls>;
  /** The LinkedIn-Version header (LINKEDIN_VERSION, YYYYMM), as the LinkedIn connector sends it. */
  linkedInVersion?: string;
  /** YouTube Data API key (YOUTUBE_API_KEY): channel statistics are public. */
  youtubeApiKey?: string | null;
  tokenKeys: TokenKeyring | null;
  /** Addresses besides public ones the job may call (the connector job's policy). */
  outbound?: OutboundPolicy;
}

export type { FollowerRead, ProfileToRead };

/** One profile's follower count from its network; networks without a read answer 'unsupported'. */
export async function readFollowers(
  http: HttpClient,
  p: ProfileToRead,
  cfg: Pick<FollowerJobConfig, 'baseUrls' | 'youtubeApiKey' | 'linkedInVersion'>,
): Promise<FollowerRead> {
  const read = networkOfStream(p.stream_id)?.readFollowers;
  if (!read) return { ok: false, reason: 'unsupported' };
  const ctx = {
    http,
    urls: { ...DEFAULT_BASE_URLS, ...cfg.baseUrls },
    linkedInVersion: cfg.linkedInVersion ?? DEFAULT_LINKEDIN_VERSION,
    youtubeApiKey: cfg.youtubeApiKey,
  };
  return read(ctx, p);
}

/** Records counts read at `at`: a snapshot each (one per profile and instant) and the profile's current count. */
export async function recordFollowerSnapshots(db: Db, counts: { profileId: number; followers: number }[], at: Date): Promise<void> {
  if (counts.length === 0) return;
  await saveFollowerSnapshots(db, counts, at);
}

/** Profiles with a token, of active projects of active clients, with their token decrypted; problems for the rest. */
async function linkedProfiles(db: Db, keys: TokenKeyring | null): Promise<{ profiles: ProfileToRead[]; problems: string[] }> {
  const rows = await profilesWithToken(db);
  const profiles: ProfileToRead[] = [];
  const problems: string[] = [];
  for (const r of rows) {
    if (!keys) {
      problems.push(`profile ${r.id}: no TOKEN_KEY to read its token`);
      continue;
    }
    try {
      // Bound to its row, as the connector job reads it: a token copied from another row does not decrypt.
      profiles.push({ id: r.id, stream_id: r.stream_id, external_id: r.external_id, token: decryptToken(r.access_token_enc!, keys, profileTokenContext(r)) });
    } catch (err) {
      problems.push(`profile ${r.id}: token cannot be decrypted (${(err as Error).message})`);
    }
  }
  return { profiles, problems };
}

/** One run: read every linked profile's count, record those read, and say what could not be read. */
export async function runFollowerSnapshots(db: Db, cfg: FollowerJobConfig, deps: { log: JobLog; http: HttpClient; now?: () => number; signal?: AbortSignal }) {
  const { profiles, problems } = await linkedProfiles(db, cfg.tokenKeys);
  for (const p of problems) deps.log.warn({ problem: p }, 'follower snapshots: profile skipped');
  const counts: { profileId: number; followers: number }[] = [];
  const failed: { profileId: number; reason: string }[] = [];
  for (const p of profiles) {
    // A worker that lost its lease stops: the job runs again elsewhere.
    deps.signal?.throwIfAborted();
    const r = await readFollowers(deps.http, p, cfg);
    if (r.ok) counts.push({ profileId: p.id, followers: r.followers });
    else if (r.reason !== 'unsupported') failed.push({ profileId: p.id, reason: r.reason });
  }
  await recordFollowerSnapshots(db, counts, new Date((deps.now ?? Date.now)()));
  for (const f of failed) deps.log.warn(f, 'follower snapshots: count not read');
  deps.log.info({ recorded: counts.length, failed: failed.length }, `follower snapshots: ${counts.length} recorded`);
  return { recorded: counts.length, failed };
}

/** The job's settings from the server's configuration; null when network reads are off (CONNECTOR_INTERVAL_MS=0, as for the connectors). */
export function followerJobConfig(config: Config, tokenKeys: TokenKeyring | null): FollowerJobConfig | null {
  if (config.connectorIntervalMs <= 0) return null;
  return {
    baseUrls: config.apiBases,
    linkedInVersion: config.linkedInVersion,
    youtubeApiKey: config.youtubeApiKey,
    tokenKeys,
    outbound: { allowPrivate: config.outboundAllowPrivate, allowHosts: config.outboundAllowHosts },
  };
}

/** The runner's handler: one run per scheduled job; nothing when the configuration turns reads off. */
export function followerSnapshotHandler(db: Db, cfg: () => FollowerJobConfig | null, deps: { log: JobLog; http?: HttpClient }) {
  return async (job: { signal: AbortSignal }): Promise<void> => {
    const c = cfg();
    if (!c) return;
    const http = deps.http ?? new HttpClient({ log: deps.log, outbound: c.outbound });
    await runFollowerSnapshots(db, c, { log: deps.log, http, signal: job.signal });
  };
}

/**
 * The simulator's part (ingest/simulator.ts): the demo's profiles have no token, so once a day
 * each one without a token gains a little, as real accounts do, from its last snapshot (or its
 * stored count): the Follower Growth screen keeps moving past the demo corpus's history.
 */
export async function simulateFollowerGrowth(db: Db, now: Date, rnd: () => number): Promise<number> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const due = await untokenedProfilesWithoutSnapshotSince(db, dayAgo);
  const counts = due.map((p) => ({ profileId: p.id, followers: Math.max(0, Math.round(p.followers * (1 + (rnd() * 0.006 - 0.001)))) }));
  await recordFollowerSnapshots(db, counts, now);
  return counts.length;
}
