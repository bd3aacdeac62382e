// The connector job: each network (X, Facebook, Instagram, YouTube, LinkedIn, TikTok, blogs) has
// its own queue on the durable job runner (jobs/runner.ts) and its own turn every
// CONNECTOR_INTERVAL_MS, so one network's rate-limit wait or slow answers hold up no other's. A
// turn reads from the database what to listen to for its network (X recent search from each active
// project's root-bin rules, one connector per linked profile with a token, Instagram hashtag and
// YouTube keyword search from the rules, blog feeds), runs those whose kind is due
// (collection-plan.ts: each kind's quota budget) into the pipeline, then the comments and replies
// of the linked profiles' newest stored posts; counts skipped items in ingest_rejections, records
// each instance's run in connector_stats, watches skip rates (connector-stats.ts) and logs one line
// per connector. A network's turns never overlap: its queue runs one at a time, turns that came
// due meanwhile collapse into the newest, and on PostgreSQL a turn holds its network's advisory
// lock, so processes sharing the database take turns instead of reading twice. A stopping worker
// ends a turn after the page in hand (the cursor of every stored page is saved).
//
// Tenancy: a profile connector reads with one project's token, which can list what only the
// account's owner sees; its posts are filed under that project only (IngestScope), and each
// project linking an account runs its own connector with its own token and cursor. X search and
// the feeds the configuration names (BLOG_FEEDS) read public data and are matched against every
// project's rules; a feed named only by projects' url rules is filed under those projects only, so
// what one tenant points us at never lands in another tenant's bins.
//
// In-Active clients (their contract has ended) are left out: no connector runs with their
// profiles' tokens (not even decrypted), X search is not built from their rules and feeds named
// only by their url rules are not read. The rule set leaves them out too (ingest/rules.ts).
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { decryptToken, profileTokenContext, type TokenKeyring } from '../crypto/tokens.ts';
import { dbCursorStore, HttpClient, runConnectors, type Connector, type ConnectorReport, type HttpOptions, type PostSink } from '../ingest/connectors/index.ts';
import {
  buildXQueries,
  createConnector,
  DEFAULT_BASE_URLS,
  networkOfStream,
  researchClientToken,
  type BaseUrls,
  type ConnectorSpec,
  type LinkedProfileRef,
  type ResearchCredentials,
} from '../networks/index.ts';
import type { OutboundPolicy } from '../ingest/connectors/http.ts';
import type { CursorValue, Skip } from '../ingest/connectors/types.ts';
import type { Post } from '../ingest/post.ts';
import { createPipeline } from '../ingest/pipeline.ts';
import { countRejections } from '../ingest/rejections.ts';
import {
  allowedHashtags,
  authorIdsOf,
  conversationSpecs,
  hashtagsOf,
  KIND_BUDGETS,
  youtubeQueriesOf,
  youtubeSearchEveryMs,
  type KindBudget,
} from './collection-plan.ts';
import { loadConfig } from '../config.ts';
import { markTokenRefused, tokenDeps, type NoticeDeps } from '../oauth/linked-profiles.ts';
import { networkOf as oauthNetwork } from '../oauth/networks.ts';
import { lastRuns, notifyAdmins, recordRuns, watchSkipRates } from './connector-stats.ts';
import { schedule, type Job, type QueueSpec } from './runner.ts';

export interface ConnectorJobConfig {
  /** How often each network's turn comes (CONNECTOR_INTERVAL_MS). */
  intervalMs: number;
  /** App-only bearer token for X recent search (X_BEARER_TOKEN); null: no X search. */
  xBearerToken: string | null;
  /** YouTube Data API key for keyword search (YOUTUBE_API_KEY); unset: a project's linked channel's token, if any. */
  youtubeApiKey?: string | null;
  /** TikTok Research API app's credentials (TIKTOK_RESEARCH_CLIENT_KEY/_SECRET): its client token reads TikTok comments; null: they are not read. */
  tiktokResearch?: ResearchCredentials | null;
  baseUrls: Partial<BaseUrls>;
  linkedInVersion?: string;
  /** Feeds read for every run whatever the rules say (BLOG_FEEDS). */
  blogFeeds: string[];
  /** Decrypt profiles.access_token_enc, each bound to its row (crypto/tokens.ts); null: profile connectors are skipped. */
  tokenKeys: TokenKeyring | null;
  /** Pages per connector per run (default 50). */
  maxPages?: number;
  /**
   * Addresses the job may call besides public ones (OUTBOUND_ALLOW_PRIVATE, OUTBOUND_ALLOW_HOSTS);
   * unset: public addresses only. Tests set it: their fakes listen on 127.0.0.1.
   */
  outbound?: OutboundPolicy;
  /** Answers larger than this stop their page (CONNECTOR_MAX_BODY_BYTES; default 10 MiB). */
  maxBodyBytes?: number;
}

/** A linked account whose own page, posts and threads a connector reads: what is posted there by others is addressed to it. */
export interface OwnedSurface {
  /** The account's handle (or id when it has none), set as inReplyToHandle on others' posts. */
  handle: string;
  /** The ids the account's own posts carry as author: those are its own, not addressed to it. */
  ownIds: string[];
}

/**
 * A connector to build; a profile's carries the project whose token it reads with, a feed named
 * by url rules the projects whose rules name it (its items are filed under them only), and what
 * project its collection counts for (connector_stats; the owner's, else the project whose rules
 * built it; none: a source shared by every project).
 */
export type JobSpec = ConnectorSpec & {
  ownerProjectId?: number;
  projectId?: number;
  surface?: OwnedSurface;
  feedProjectIds?: number[];
  /** The linked profile whose token the connector reads with: a refusal of it marks the profile invalid (watchToken). */
  profileId?: number;
};

/** A pino-compatible subset (the server's logger fits). */
export interface JobLog {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface ConnectorJobDeps {
  log: JobLog;
  /** Where posts go; the pipeline's sink by default. */
  sink?: PostSink;
  /** For tests: a client with a fake clock. */
  http?: HttpClient | HttpOptions;
  /**
   * One run at a time across processes sharing the database (PostgreSQL: several API processes
   * behind a load balancer each start the job): a run holds an advisory lock, and a process that
   * finds it held skips its turn. Off on PGlite, one process with a pool of one connection.
   */
  exclusive?: boolean;
  /**
   * How a profile's contacts are told when a network refuses its token during collection (the
   * product's address, whether mail is sent); default: from the server's configuration.
   */
  notice?: NoticeDeps;
}

/**
 * The networks, each collected on its own (a queue of the job runner each): a network's
 * rate-limit wait, slow answers or page budget never hold up another's collection.
 */
export const CONNECTOR_NETWORKS = ['x', 'facebook', 'instagram', 'youtube', 'linkedin', 'tiktok', 'blog'] as const;
export type ConnectorNetwork = (typeof CONNECTOR_NETWORKS)[number];

/** The network a connector kind reads ('facebook.comments' → 'facebook'). */
export const networkOf = (kind: string): string => kind.slice(0, kind.indexOf('.'));

/** The stream of each network whose profiles are linked (streams 7 to 12; blogs have none). */
const NETWORK_STREAMS: Record<ConnectorNetwork, number | null> = { x: 7, facebook: 8, instagram: 9, youtube: 10, linkedin: 11, tiktok: 12, blog: null };

/** The job runner's queue of one network's collection. */
export const connectorQueue = (network: ConnectorNetwork): string => `connectors.${network}`;

/** The advisory lock the connector runs take (an arbitrary constant of this product's); each network's is this plus its place in CONNECTOR_NETWORKS. */
export const CONNECTOR_LOCK = 7_270_418;

/**
 * Runs `run` while holding one network's advisory lock on a connection of its own (released
 * when the run ends, or by PostgreSQL if the session dies); null, without running, when another
 * session holds it: two turns of one network never overlap, whichever processes run them.
 */
export async function withConnectorLock<T>(db: Db, network: ConnectorNetwork, run: () => Promise<T>): Promise<T | null> {
  const lock = CONNECTOR_LOCK + CONNECTOR_NETWORKS.indexOf(network);
  return db.connection().execute(async (conn) => {
    const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${lock}) as ok`.execute(conn);
    if (!got.rows[0]?.ok) return null;
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${lock})`.execute(conn);
    }
  });
}

/** A url rule that names a feed rather than a site: the pipeline matches links, the job reads feeds. */
const FEED_PATH = /(\/(feed|rss|atom)(\/[a-z0-9]*)?\/?|\.(rss|atom|xml))$/i;
/** A url rule's address that the job reads as a feed (also what the dashboard's collection status counts). */
export const isFeedAddress = (expression: string): boolean => FEED_PATH.test(expression.trim());
const asUrl = (v: string) => (/^https?:\/\//i.test(v) ? v : `https://${v}`);

/**
 * What to run now, from the database and config, for the given networks (default: all). Problems
 * (an undecryptable token…) are returned, not thrown.
 */
export async function buildConnectorSpecs(
  db: Db,
  cfg: ConnectorJobConfig,
  networks: readonly ConnectorNetwork[] = CONNECTOR_NETWORKS,
): Promise<{ specs: JobSpec[]; problems: string[] }> {
  const problems: string[] = [];
  const specs: JobSpec[] = [];
  const wanted = (kind: string) => (networks as readonly string[]).includes(networkOf(kind));
  const { projects, active } = await activeProjects(db);
  const rules = projects.length
    ? await db
        .selectFrom('bin_rules')
        .innerJoin('bins', 'bins.id', 'bin_rules.bin_id')
        .select(['bins.project_id', 'bin_rules.bin_id', 'bin_rules.kind', 'bin_rules.expression'])
        .where('bin_rules.is_active', '=', true)
        .where('bins.is_deleted', '=', false)
        .orderBy('bin_rules.id')
        .execute()
    : [];

  if (cfg.xBearerToken && wanted('x.search'))
    for (const p of projects) {
      if (!(p.stream_ids ?? []).map(Number).includes(7)) continue;
      const root = rules.filter((r) => r.bin_id === p.bin_id && r.kind !== 'url');
      buildXQueries(root).forEach((query, k) =>
        specs.push({ kind: 'x.search', bearerToken: cfg.xBearerToken!, query, key: `project:${p.id}:${k}`, projectId: p.id }),
      );
    }

  const linked = await linkedProfiles(db, cfg, active, streamsOf(networks));
  problems.push(...linked.problems);
  for (const { prof, token } of linked.profiles) {
    const spec = profileSpec(prof, token);
    if (!spec) {
      problems.push(`profile ${prof.id}: stream ${prof.stream_id} has no connector`);
      continue;
    }
    // A page's feed holds visitors' posts to it: addressed to the page (Earned).
    specs.push({ ...spec, ownerProjectId: prof.project_id, profileId: prof.id, ...(spec.kind === 'facebook.page' ? { surface: surfaceOf(prof) } : {}) });
  }

  const rootRules = (p: { bin_id: number | null }) => rules.filter((r) => r.bin_id === p.bin_id && r.kind !== 'url');

  // Instagram hashtag search, with each project's linked business account; an account may query
  // 30 distinct hashtags in 7 days, shared by every project linking it.
  const igByAccount = new Map<string, { prof: LinkedProfileRow; token: string; tags: string[] }[]>();
  for (const { prof, token } of linked.profiles) {
    const p = active.get(prof.project_id);
    if (prof.stream_id !== 9 || !p || !(p.stream_ids ?? []).map(Number).includes(9)) continue;
    const list = igByAccount.get(prof.external_id) ?? [];
    list.push({ prof, token, tags: hashtagsOf(rootRules(p)) });
    igByAccount.set(prof.external_id, list);
  }
  for (const [igUserId, list] of igByAccount) {
    const { allowed, refused } = await allowedHashtags(db, igUserId, [...new Set(list.flatMap((l) => l.tags))]);
    if (refused.length) problems.push(`instagram account ${igUserId}: 30 hashtags a week already queried, not searched: #${refused.join(' #')}`);
    for (const { prof, token, tags } of list)
      for (const hashtag of tags.filter((t) => allowed.includes(t)))
        specs.push({ kind: 'instagram.hashtag', accessToken: token, igUserId, hashtag, ownerProjectId: prof.project_id, profileId: prof.id });
  }

  // YouTube keyword search from each project's root-bin rules: public results, matched against
  // every project, with the app's key; without one, with the project's linked channel's token
  // (then filed under that project only, as everything read with a project's token).
  for (const p of projects) {
    if (!(p.stream_ids ?? []).map(Number).includes(10)) continue;
    const channel = linked.profiles.find((l) => l.prof.project_id === p.id && l.prof.stream_id === 10);
    if (!cfg.youtubeApiKey && !channel) continue;
    youtubeQueriesOf(rootRules(p)).forEach((q, k) =>
      specs.push(
        cfg.youtubeApiKey
          ? { kind: 'youtube.search', apiKey: cfg.youtubeApiKey, q, key: `project:${p.id}:${k}`, projectId: p.id }
          : { kind: 'youtube.search', accessToken: channel!.token, q, key: String(k), ownerProjectId: p.id, profileId: channel!.prof.id },
      ),
    );
  }

  // Feeds: the configuration's (null) are public, matched against every project's rules; one named
  // only by url rules is read once for the projects naming it, and filed under them only.
  const feeds = new Map<string, number[] | null>(cfg.blogFeeds.map((f) => [asUrl(f), null]));
  for (const r of rules) {
    if (r.kind !== 'url' || r.project_id == null || !active.has(r.project_id) || !isFeedAddress(r.expression)) continue;
    const feedUrl = asUrl(r.expression.trim());
    const naming = feeds.has(feedUrl) ? feeds.get(feedUrl) : [];
    if (naming && !naming.includes(r.project_id)) feeds.set(feedUrl, [...naming, r.project_id]);
  }
  for (const [feedUrl, projectIds] of wanted('blog.feed') ? feeds : [])
    specs.push(projectIds ? { kind: 'blog.feed', feedUrl, feedProjectIds: projectIds } : { kind: 'blog.feed', feedUrl });

  // A feed named by two projects is read once, under one cursor; its posts reach both. A profile
  // linked by two projects is read by each with its own token (the owner is part of the key).
  const seen = new Set<string>();
  return { specs: specs.filter((s) => wanted(s.kind) && !seen.has(specKey(s)) && !!seen.add(specKey(s))), problems };
}

const streamsOf = (networks: readonly ConnectorNetwork[]): number[] => networks.map((n) => NETWORK_STREAMS[n]).filter((s): s is number => s !== null);

type LinkedProfileRow = { id: number; project_id: number; stream_id: number; external_id: string; name: string; handle: string | null };

/** Profiles with a token, of active projects, with their token decrypted; problems for the rest. */
async function linkedProfiles(
  db: Db,
  cfg: ConnectorJobConfig,
  active: Map<number, unknown>,
  streams: number[],
): Promise<{ profiles: { prof: LinkedProfileRow; token: string }[]; problems: string[] }> {
  const problems: string[] = [];
  const out: { prof: LinkedProfileRow; token: string }[] = [];
  if (!streams.length) return { profiles: out, problems };
  const profiles = await db
    .selectFrom('profiles')
    .select(['id', 'project_id', 'stream_id', 'external_id', 'name', 'handle', 'access_token_enc', 'token_valid'])
    .where('access_token_enc', 'is not', null)
    .where('stream_id', 'in', streams)
    .orderBy('id')
    .execute();
  for (const prof of profiles) {
    if (!active.has(prof.project_id)) continue;
    // A token the network refused (the token check or a user's check marked it) is not tried again
    // until it is re-granted or a later check finds it working.
    if (prof.token_valid === false) {
      problems.push(`profile ${prof.id}: its access token is invalid; re-grant it`);
      continue;
    }
    if (!cfg.tokenKeys) {
      problems.push(`profile ${prof.id}: no TOKEN_KEY to read its token`);
      continue;
    }
    try {
      // Bound to this row: a value copied from another profile (another tenant's) does not decrypt.
      out.push({ prof, token: decryptToken(prof.access_token_enc!, cfg.tokenKeys, profileTokenContext(prof)) });
    } catch (err) {
      problems.push(`profile ${prof.id}: token cannot be decrypted (${(err as Error).message})`);
    }
  }
  return { profiles: out, problems };
}

function surfaceOf(p: LinkedProfileRow): OwnedSurface {
  return { handle: p.handle?.replace(/^@/, '') || p.external_id, ownIds: authorIdsOf(p) };
}

/**
 * The comments and replies to read now: for each linked profile of an active project, those of
 * its newest stored posts (collection-plan.ts), with its token, filed under its project and
 * addressed to it.
 */
export async function buildConversationSpecs(
  db: Db,
  cfg: ConnectorJobConfig,
  http?: HttpClient,
  log?: JobLog,
  networks: readonly ConnectorNetwork[] = CONNECTOR_NETWORKS,
): Promise<JobSpec[]> {
  const { active } = await activeProjects(db);
  const { profiles } = await linkedProfiles(db, cfg, active, streamsOf(networks));
  const researchToken = profiles.some((p) => p.prof.stream_id === 12) ? await tiktokResearchToken(cfg, http, log) : null;
  const specs: JobSpec[] = [];
  for (const { prof, token } of profiles)
    for (const s of await conversationSpecs(db, prof, token, researchToken))
      // TikTok comments read with the Research API's client token: its refusal says nothing of the profile's.
      specs.push({
        ...s,
        ownerProjectId: prof.project_id,
        surface: surfaceOf(prof),
        ...('accessToken' in s && s.accessToken === token ? { profileId: prof.id } : {}),
      });
  const seen = new Set<string>();
  return specs.filter((s) => !seen.has(specKey(s)) && !!seen.add(specKey(s)));
}

/** The Research API's client token, or null (not configured, or refused: said in the log). */
async function tiktokResearchToken(cfg: ConnectorJobConfig, http: HttpClient | undefined, log: JobLog | undefined): Promise<string | null> {
  if (!cfg.tiktokResearch) return null;
  try {
    return await researchClientToken(cfg.baseUrls.tiktok ?? DEFAULT_BASE_URLS.tiktok, cfg.tiktokResearch, http ?? new HttpClient({ outbound: cfg.outbound }));
  } catch (err) {
    log?.warn({ problem: (err as Error).message }, 'connectors: TikTok comments not read');
    return null;
  }
}

async function activeProjects(db: Db) {
  const projects = await db
    .selectFrom('projects')
    .innerJoin('clients', 'clients.id', 'projects.client_id')
    .select(['projects.id', 'projects.bin_id', 'projects.stream_ids'])
    .where('projects.is_deleted', '=', false)
    .where('clients.is_active', '=', true)
    .where((eb) => eb.or([eb('projects.stop_date', 'is', null), eb('projects.stop_date', '>', sql<Date>`now()`)]))
    .orderBy('projects.id')
    .execute();
  return { projects, active: new Map(projects.map((p) => [p.id, p])) };
}

function profileSpec(p: LinkedProfileRef, token: string): ConnectorSpec | null {
  return networkOfStream(p.stream_id)?.profileSpec?.(p, token) ?? null;
}

function specKey(s: JobSpec): string {
  const { kind, ...rest } = s as JobSpec & Record<string, unknown>;
  delete rest.bearerToken;
  delete rest.accessToken;
  delete rest.apiKey;
  delete rest.surface;
  delete rest.projectId;
  delete rest.profileId;
  return `${kind} ${JSON.stringify(rest)}`;
}

/**
 * A connector reading with a project's own token: its posts are filed under that project only,
 * and its cursor is the project's own (two projects linking one account each keep their place).
 * On an owned surface (the page's feed, the threads under the account's posts) what others post
 * is addressed to the account: a reply to it, so matched by its profile and counted as Earned
 * (ingest/brand.ts); the account's own posts stay Owned.
 */
export function ownedBy(c: Connector, projectId: number, surface?: OwnedSurface): Connector {
  const address = (p: Post): Post =>
    !surface || p.inReplyToHandle || surface.ownIds.includes(p.author.externalId) ? p : { ...p, inReplyToHandle: surface.handle };
  return {
    name: c.name,
    key: `project:${projectId}:${c.key}`,
    scope: { ownerProjectId: projectId },
    fetchPage: async (cursor) => {
      const out = await c.fetchPage(cursor);
      return surface ? { ...out, page: { ...out.page, posts: out.page.posts.map(address) } } : out;
    },
  };
}

/**
 * A feed named by some projects' url rules: its posts are filed under those projects only. The key
 * (the feed's address) and so the cursor stay the feed's, whoever names it.
 */
export function filedUnder(c: Connector, projectIds: readonly number[]): Connector {
  return { name: c.name, key: c.key, scope: { projectIds }, fetchPage: (cursor) => c.fetchPage(cursor) };
}

/**
 * Stops a network gives when it refuses the token itself: Graph's code 190 (`token_invalid`), a
 * 401 (`unauthorized` from X, YouTube and LinkedIn, `access_token_invalid` from TikTok, `http_401`
 * from any other answer). A 403 or a Graph permission error refuses one request, not the token.
 */
export const TOKEN_REFUSALS: ReadonlySet<string> = new Set(['token_invalid', 'unauthorized', 'access_token_invalid', 'http_401']);

/**
 * A connector reading with a linked profile's token: when the network refuses the token, `onRefused`
 * is told once (the profile is marked invalid at once, not at the next token check), and every
 * connector of the turn with the same profile stops before its next call (`refused` is the turn's).
 */
export function watchToken(c: Connector, profileId: number, refused: Set<number>, onRefused: (detail: string | null) => Promise<void>): Connector {
  return {
    name: c.name,
    key: c.key,
    scope: c.scope,
    fetchPage: async (cursor) => {
      // The cursor stays as it was (a null one is read back as none).
      if (refused.has(profileId))
        return {
          page: { posts: [], skipped: [] },
          cursor: cursor as CursorValue,
          next: 'stop',
          reason: 'token_invalid',
          detail: 'the network refused this token earlier in this run',
        };
      const out = await c.fetchPage(cursor);
      if (out.next === 'stop' && out.reason && TOKEN_REFUSALS.has(out.reason) && !refused.has(profileId)) {
        refused.add(profileId);
        await onRefused(out.detail ? `${out.reason}: ${out.detail}` : out.reason);
      }
      return out;
    },
  };
}

/**
 * A network refused a profile's token: it is marked invalid through the token check's own path
 * (oauth/linked-profiles.ts: the profile's project contacts are told, once per grant), and every
 * admin is told; its connectors are skipped from now on until access is granted again.
 */
async function tokenRefused(db: Db, deps: ConnectorJobDeps, profileId: number, error: string | null): Promise<void> {
  const notice = deps.notice ?? tokenDeps(loadConfig());
  if (!(await markTokenRefused(db, notice, profileId, error))) return;
  const p = await db
    .selectFrom('profiles')
    .innerJoin('projects', 'projects.id', 'profiles.project_id')
    .select(['profiles.name', 'profiles.stream_id', 'projects.description'])
    .where('profiles.id', '=', profileId)
    .executeTakeFirst();
  const net = p ? (oauthNetwork(p.stream_id)?.name ?? 'The network') : 'The network';
  deps.log.warn({ profileId, error }, 'connectors: token refused; profile marked invalid, contacts and admins told');
  await notifyAdmins(
    db,
    `${net} refused the access token of ${p?.name ?? `profile ${profileId}`} (${p?.description ?? 'its project'}): it is marked invalid and not used until access is granted again.${error ? ` ${net} said: ${error}` : ''}`,
  );
}

/** Skipped items counted per connector and reason, e.g. "facebook.page:malformed_page". */
export async function countSkipped(db: Db, connector: Connector, skipped: Skip[]): Promise<void> {
  const counts = new Map<string, number>();
  for (const s of skipped) counts.set(`${connector.name}:${s.reason}`, (counts.get(`${connector.name}:${s.reason}`) ?? 0) + 1);
  await countRejections(db, counts);
}

export function reportLine(r: ConnectorReport): string {
  const skipped = Object.entries(r.skipped)
    .map(([k, n]) => `${k}=${n}`)
    .join(' ');
  return `connector ${r.connector} ${r.key}: ${r.ended}${r.reason ? ` (${r.reason})` : ''}, ${r.pages} pages, ${r.posts} posts${skipped ? `, skipped ${skipped}` : ''}`;
}

/** A connector to run with the project it counts for and its kind's budget. */
interface Planned {
  connector: Connector;
  projectId: number | null;
  budget: KindBudget;
  /** The token it reads with (the network's rate limits are per token): its lane. */
  token: string;
}

/** Tokens of one network read at once, each in its own lane: a token's rate-limit wait holds its lane only. */
export const NETWORK_LANES = 4;
/** Instances of one token fetched at once, in its lane. */
export const LANE_CONCURRENCY = 4;

/** The secret an instance reads with; public sources (feeds) share one lane. */
const tokenOf = (s: ConnectorSpec): string => {
  const t = s as { accessToken?: string; bearerToken?: string; apiKey?: string };
  return t.accessToken ?? t.bearerToken ?? t.apiKey ?? '';
};

export interface TickDeps extends ConnectorJobDeps {
  /** Checked between pages: a stop ends each connector after the page in hand. */
  signal?: AbortSignal;
  now?: () => number;
}

/**
 * One sweep of every network (or of `networks`), each on its own and all at once, as the job
 * runner's network queues run them: a network's rate-limit wait holds only that network.
 * `onNetworkEnd` is told as each network's collection ends (the collection bench times them).
 * Reports come in CONNECTOR_NETWORKS order.
 */
export async function runConnectorTick(
  db: Db,
  cfg: ConnectorJobConfig,
  deps: TickDeps & { networks?: readonly ConnectorNetwork[]; onNetworkEnd?: (network: ConnectorNetwork, reports: ConnectorReport[]) => void },
): Promise<ConnectorReport[]> {
  const http = runClient(cfg, deps.http);
  const sink = deps.sink ?? createPipeline(db).sink;
  const lanes = await Promise.all(
    (deps.networks ?? CONNECTOR_NETWORKS).map(async (network) => {
      const reports = await runNetworkTick(db, cfg, network, { ...deps, http, sink });
      deps.onNetworkEnd?.(network, reports);
      return reports;
    }),
  );
  return lanes.flat();
}

/** One client for a run, under the config's outbound policy (the config decides, not the caller's options) and body cap. */
function runClient(cfg: ConnectorJobConfig, http: HttpClient | HttpOptions | undefined): HttpClient {
  return http instanceof HttpClient ? http : new HttpClient({ ...http, outbound: cfg.outbound, maxBodyBytes: cfg.maxBodyBytes ?? http?.maxBodyBytes });
}

/**
 * One network's turn: build its connectors, keep the instances whose kind is due, fetch, store,
 * report; then the same for the comments and replies of the posts stored so far. Each instance's
 * run is recorded (connector_stats) as it ends, and the network's skip rates watched.
 */
export async function runNetworkTick(db: Db, cfg: ConnectorJobConfig, network: ConnectorNetwork, deps: TickDeps): Promise<ConnectorReport[]> {
  const { specs, problems } = await buildConnectorSpecs(db, cfg, [network]);
  for (const p of problems) deps.log.warn({ problem: p }, 'connectors: profile skipped');
  const http = runClient(cfg, deps.http);
  const sink = deps.sink ?? createPipeline(db).sink;
  const now = (deps.now ?? Date.now)();
  // Profiles whose token a network refused during this turn: their other connectors make no call.
  const refused = new Set<number>();

  const plan = async (list: JobSpec[]): Promise<Planned[]> => {
    const last = await lastRuns(db);
    const searches = list.filter((s) => s.kind === 'youtube.search').length;
    return list
      .map(({ ownerProjectId, projectId, surface, feedProjectIds, profileId, ...s }) => {
        const made = createConnector(s, { baseUrls: cfg.baseUrls, linkedInVersion: cfg.linkedInVersion, http });
        const c = profileId !== undefined ? watchToken(made, profileId, refused, (detail) => tokenRefused(db, deps, profileId, detail)) : made;
        const budget = KIND_BUDGETS[s.kind];
        return {
          connector: ownerProjectId !== undefined ? ownedBy(c, ownerProjectId, surface) : feedProjectIds ? filedUnder(c, feedProjectIds) : c,
          projectId: ownerProjectId ?? projectId ?? null,
          token: tokenOf(s),
          budget: {
            everyMs: s.kind === 'youtube.search' ? youtubeSearchEveryMs(searches) : budget.everyMs,
            maxPages: Math.min(budget.maxPages, cfg.maxPages ?? budget.maxPages),
          },
        };
      })
      .filter(({ connector: c, budget }) => {
        const at = last.get(`${c.name} ${c.key}`)?.getTime();
        return at === undefined || now - at >= budget.everyMs;
      });
  };

  // Instances with the same page budget run together. Within them, each token's instances run in
  // its own lane (a few at a time), and a few tokens' lanes at once: a token the network makes
  // wait holds only its own lane, whatever number of its instances are waiting.
  const run = async (planned: Planned[]): Promise<ConnectorReport[]> => {
    const reports: ConnectorReport[] = [];
    for (const maxPages of [...new Set(planned.map((p) => p.budget.maxPages))]) {
      const group = planned.filter((p) => p.budget.maxPages === maxPages);
      const lanes = new Map<string, number[]>();
      group.forEach((p, i) => lanes.set(p.token, [...(lanes.get(p.token) ?? []), i]));
      const got: ConnectorReport[] = new Array(group.length);
      const waiting = [...lanes.values()];
      const lane = async () => {
        for (let ids = waiting.shift(); ids; ids = waiting.shift()) {
          const ran = await runConnectors(
            ids.map((i) => group[i].connector),
            {
              store: dbCursorStore(db),
              sink,
              log: deps.log,
              signal: deps.signal,
              maxPages,
              concurrency: LANE_CONCURRENCY,
              onSkipped: (c, skipped) => countSkipped(db, c, skipped),
              // Each instance's run is recorded as it ends: a run killed part-way keeps the rest.
              onReport: (report, j) => recordRuns(db, [{ report, projectId: group[ids[j]].projectId }], new Date(now)),
            },
          );
          ran.forEach((r, j) => (got[ids[j]] = r));
        }
      };
      await Promise.all(Array.from({ length: Math.min(NETWORK_LANES, waiting.length) }, lane));
      reports.push(...got);
    }
    return reports;
  };

  const reports = await run(await plan(specs));
  // The threads of the posts stored so far, this run's included; then the replies of comments
  // just stored (YouTube, LinkedIn, TikTok), as those threads ran a moment ago and are not due again.
  if (network !== 'x' && network !== 'blog')
    for (let pass = 0; pass < 2 && !deps.signal?.aborted; pass++)
      reports.push(...(await run(await plan(await buildConversationSpecs(db, cfg, http, deps.log, [network])))));
  for (const r of reports) deps.log.info({ connector: r.connector, key: r.key, ended: r.ended }, reportLine(r));
  for (const a of await watchSkipRates(db, reports))
    deps.log.warn({ connector: a.connector, reasons: a.reasons }, `connectors: ${a.network} skip rate over threshold, admins notified`);
  return reports;
}

/** How long a network's turn holds its claim without a heartbeat; its worker renews it however long a wait lasts. */
const CONNECTOR_LEASE_MS = 120_000;

/**
 * The connector queues of the job runner (jobs/runner.ts), one per network: each network's turns
 * run one at a time and apart from every other network's, so a 15-minute rate-limit wait of one
 * delays none of the others. Any number of processes may run them: a turn is claimed by one
 * worker, and on PostgreSQL (`exclusive`) a network's advisory lock keeps two turns of it from
 * overlapping when one outlasts the interval. A worker that stops ends its turns after the page
 * in hand, with their cursors saved.
 */
export function connectorQueues(db: Db, cfg: ConnectorJobConfig, deps: ConnectorJobDeps): Record<string, QueueSpec> {
  const sink = deps.sink ?? createPipeline(db).sink;
  const queues: Record<string, QueueSpec> = {};
  for (const network of CONNECTOR_NETWORKS)
    queues[connectorQueue(network)] = {
      leaseMs: CONNECTOR_LEASE_MS,
      handler: async (job: Job) => {
        // Turns that came due while this network's last one was running: only the newest runs.
        if (await laterTurnQueued(db, job)) return;
        const signal = job.stopping ? AbortSignal.any([job.signal, job.stopping]) : job.signal;
        const http = deps.http ?? stoppableClient(cfg, deps.log, signal);
        const turn = () => runNetworkTick(db, cfg, network, { ...deps, sink, http, signal });
        if (!deps.exclusive) return void (await turn());
        if ((await withConnectorLock(db, network, turn)) === null)
          deps.log.info({ network }, `connectors: another process is collecting ${network}; this turn skipped`);
      },
    };
  return queues;
}

async function laterTurnQueued(db: Db, job: Job): Promise<boolean> {
  const later = await db
    .selectFrom('jobs')
    .select('id')
    .where('queue', '=', job.queue)
    .where('state', '=', 'queued')
    .where('id', '>', job.id)
    .limit(1)
    .executeTakeFirst();
  return !!later;
}

/**
 * A client whose rate-limit waits and backoffs end, and whose requests in flight are cancelled,
 * when `signal` aborts: a turn stuck on a slow or absent network ends within moments of a stop.
 */
function stoppableClient(cfg: ConnectorJobConfig, log: JobLog, signal: AbortSignal): HttpClient {
  return new HttpClient({
    log,
    outbound: cfg.outbound,
    maxBodyBytes: cfg.maxBodyBytes,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        const t = setTimeout(done, ms);
        function done() {
          clearTimeout(t);
          signal.removeEventListener('abort', done);
          resolve();
        }
        signal.addEventListener('abort', done);
      }),
    fetch: (input, init) => fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal }),
  });
}

/**
 * Declares each network's turn every `intervalMs` (CONNECTOR_INTERVAL_MS), the first due at
 * `now`; 0 removes the schedules and the turns not yet started (collection off).
 */
export async function scheduleConnectors(db: Db, intervalMs: number, now = new Date()): Promise<void> {
  if (intervalMs > 0) {
    for (const network of CONNECTOR_NETWORKS) await schedule(db, `connectors-${network}`, connectorQueue(network), intervalMs, now);
    return;
  }
  await db.deleteFrom('job_schedules').where('queue', 'like', 'connectors.%').execute();
  await db.deleteFrom('jobs').where('queue', 'like', 'connectors.%').where('state', '=', 'queued').execute();
}
