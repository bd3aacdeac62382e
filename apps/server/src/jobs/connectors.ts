// The connector job: every CONNECTOR_INTERVAL_MS it reads from the database what to listen to,
// builds the connectors (X recent search from each active project's root-bin rules, one
// connector per linked profile with a token, Instagram hashtag and YouTube keyword search from
// the rules, blog feeds), runs those whose kind is due (collection-plan.ts: each kind's quota
// budget) into the pipeline, then the comments and replies of the linked profiles' newest stored
// posts; counts skipped items in ingest_rejections, records each instance's run in
// connector_stats, watches skip rates (connector-stats.ts) and logs one line per connector. Runs
// never overlap: the next one is scheduled when the last has finished, and on PostgreSQL a run
// holds an advisory lock, so processes sharing the database take turns instead of reading twice.
// stop() ends the wait, asks a running run to stop after the page in hand (the cursor of every
// stored page is saved), and waits for it.
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
import {
  buildXQueries,
  createConnector,
  dbCursorStore,
  DEFAULT_BASE_URLS,
  HttpClient,
  researchClientToken,
  runConnectors,
  type BaseUrls,
  type Connector,
  type ConnectorReport,
  type ConnectorSpec,
  type HttpOptions,
  type PostSink,
  type ResearchCredentials,
} from '../ingest/connectors/index.ts';
import type { OutboundPolicy } from '../ingest/connectors/http.ts';
import type { Skip } from '../ingest/connectors/types.ts';
import type { Post } from '../ingest/post.ts';
import { canonicalAccountId } from '../ingest/account-id.ts';
import { createPipeline } from '../ingest/pipeline.ts';
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
import { lastRuns, recordRuns, watchSkipRates } from './connector-stats.ts';

export interface ConnectorJobConfig {
  /** Pause between the end of one run and the start of the next (CONNECTOR_INTERVAL_MS). */
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
export type JobSpec = ConnectorSpec & { ownerProjectId?: number; projectId?: number; surface?: OwnedSurface; feedProjectIds?: number[] };

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
}

/** The advisory lock the connector runs take (an arbitrary constant of this product's). */
export const CONNECTOR_LOCK = 7_270_418;

/**
 * Runs `run` while holding the connectors' advisory lock on a connection of its own (released
 * when the run ends, or by PostgreSQL if the session dies); null, without running, when another
 * session holds it.
 */
export async function withConnectorLock<T>(db: Db, run: () => Promise<T>): Promise<T | null> {
  return db.connection().execute(async (conn) => {
    const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${CONNECTOR_LOCK}) as ok`.execute(conn);
    if (!got.rows[0]?.ok) return null;
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${CONNECTOR_LOCK})`.execute(conn);
    }
  });
}

/** A url rule that names a feed rather than a site: the pipeline matches links, the job reads feeds. */
const FEED_PATH = /(\/(feed|rss|atom)(\/[a-z0-9]*)?\/?|\.(rss|atom|xml))$/i;
/** A url rule's address that the job reads as a feed (also what the dashboard's collection status counts). */
export const isFeedAddress = (expression: string): boolean => FEED_PATH.test(expression.trim());
const asUrl = (v: string) => (/^https?:\/\//i.test(v) ? v : `https://${v}`);

/** What to run now, from the database and config. Problems (an undecryptable token…) are returned, not thrown. */
export async function buildConnectorSpecs(db: Db, cfg: ConnectorJobConfig): Promise<{ specs: JobSpec[]; problems: string[] }> {
  const problems: string[] = [];
  const specs: JobSpec[] = [];
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

  if (cfg.xBearerToken)
    for (const p of projects) {
      if (!(p.stream_ids ?? []).map(Number).includes(7)) continue;
      const root = rules.filter((r) => r.bin_id === p.bin_id && r.kind !== 'url');
      buildXQueries(root).forEach((query, k) =>
        specs.push({ kind: 'x.search', bearerToken: cfg.xBearerToken!, query, key: `project:${p.id}:${k}`, projectId: p.id }),
      );
    }

  const linked = await linkedProfiles(db, cfg, active);
  problems.push(...linked.problems);
  for (const { prof, token } of linked.profiles) {
    const spec = profileSpec(prof, token);
    if (!spec) {
      problems.push(`profile ${prof.id}: stream ${prof.stream_id} has no connector`);
      continue;
    }
    // A page's feed holds visitors' posts to it: addressed to the page (Earned).
    specs.push({ ...spec, ownerProjectId: prof.project_id, ...(spec.kind === 'facebook.page' ? { surface: surfaceOf(prof) } : {}) });
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
        specs.push({ kind: 'instagram.hashtag', accessToken: token, igUserId, hashtag, ownerProjectId: prof.project_id });
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
          : { kind: 'youtube.search', accessToken: channel!.token, q, key: String(k), ownerProjectId: p.id },
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
  for (const [feedUrl, projectIds] of feeds)
    specs.push(projectIds ? { kind: 'blog.feed', feedUrl, feedProjectIds: projectIds } : { kind: 'blog.feed', feedUrl });

  // A feed named by two projects is read once, under one cursor; its posts reach both. A profile
  // linked by two projects is read by each with its own token (the owner is part of the key).
  const seen = new Set<string>();
  return { specs: specs.filter((s) => !seen.has(specKey(s)) && !!seen.add(specKey(s))), problems };
}

type LinkedProfileRow = { id: number; project_id: number; stream_id: number; external_id: string; name: string; handle: string | null };

/** Profiles with a token, of active projects, with their token decrypted; problems for the rest. */
async function linkedProfiles(
  db: Db,
  cfg: ConnectorJobConfig,
  active: Map<number, unknown>,
): Promise<{ profiles: { prof: LinkedProfileRow; token: string }[]; problems: string[] }> {
  const problems: string[] = [];
  const out: { prof: LinkedProfileRow; token: string }[] = [];
  const profiles = await db
    .selectFrom('profiles')
    .select(['id', 'project_id', 'stream_id', 'external_id', 'name', 'handle', 'access_token_enc', 'token_valid'])
    .where('access_token_enc', 'is not', null)
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
export async function buildConversationSpecs(db: Db, cfg: ConnectorJobConfig, http?: HttpClient, log?: JobLog): Promise<JobSpec[]> {
  const { active } = await activeProjects(db);
  const { profiles } = await linkedProfiles(db, cfg, active);
  const researchToken = profiles.some((p) => p.prof.stream_id === 12) ? await tiktokResearchToken(cfg, http, log) : null;
  const specs: JobSpec[] = [];
  for (const { prof, token } of profiles)
    for (const s of await conversationSpecs(db, prof, token, researchToken)) specs.push({ ...s, ownerProjectId: prof.project_id, surface: surfaceOf(prof) });
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

function profileSpec(p: { stream_id: number; external_id: string; name: string; handle: string | null }, token: string): ConnectorSpec | null {
  switch (p.stream_id) {
    case 7:
      return { kind: 'x.timeline', bearerToken: token, userId: p.external_id };
    case 8:
      return { kind: 'facebook.page', accessToken: token, pageId: p.external_id };
    case 9:
      return { kind: 'instagram.media', accessToken: token, igUserId: p.external_id };
    case 10:
      return { kind: 'youtube.channel', accessToken: token, channelId: p.external_id };
    case 11:
      return {
        kind: 'linkedin.posts',
        accessToken: token,
        orgUrn: canonicalAccountId(p.stream_id, p.external_id),
        orgName: p.name,
      };
    case 12:
      return { kind: 'tiktok.videos', accessToken: token, openId: p.external_id, username: p.handle ?? undefined, displayName: p.name };
    default:
      return null;
  }
}

function specKey(s: JobSpec): string {
  const { kind, ...rest } = s as JobSpec & Record<string, unknown>;
  delete rest.bearerToken;
  delete rest.accessToken;
  delete rest.apiKey;
  delete rest.surface;
  delete rest.projectId;
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

/** Skipped items counted per connector and reason, e.g. "facebook.page:malformed_page". */
export async function countSkipped(db: Db, connector: Connector, skipped: Skip[]): Promise<void> {
  const counts = new Map<string, number>();
  for (const s of skipped) counts.set(`${connector.name}:${s.reason}`, (counts.get(`${connector.name}:${s.reason}`) ?? 0) + 1);
  const reasons = [...counts.keys()];
  await sql`
    insert into ingest_rejections as r (reason, count, last_at)
    select reason, n, now() from unnest(${reasons}::text[], ${reasons.map((k) => counts.get(k)!)}::bigint[]) as v(reason, n)
    on conflict (reason) do update set count = r.count + excluded.count, last_at = now()`.execute(db);
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
}

/**
 * One run: build, keep the instances whose kind is due, fetch, store, report; then the same for
 * the comments and replies of the posts stored so far. Each instance's run is recorded
 * (connector_stats) and the skip rates watched.
 */
export async function runConnectorTick(
  db: Db,
  cfg: ConnectorJobConfig,
  deps: ConnectorJobDeps & { signal?: AbortSignal; now?: () => number },
): Promise<ConnectorReport[]> {
  const { specs, problems } = await buildConnectorSpecs(db, cfg);
  for (const p of problems) deps.log.warn({ problem: p }, 'connectors: profile skipped');
  // One client for the run, under the config's outbound policy (the config decides, not the
  // caller's options) and body cap; the job's own client is built with them.
  const http =
    deps.http instanceof HttpClient
      ? deps.http
      : new HttpClient({ ...deps.http, outbound: cfg.outbound, maxBodyBytes: cfg.maxBodyBytes ?? deps.http?.maxBodyBytes });
  const sink = deps.sink ?? createPipeline(db).sink;
  const now = (deps.now ?? Date.now)();

  const plan = async (list: JobSpec[]): Promise<Planned[]> => {
    const last = await lastRuns(db);
    const searches = list.filter((s) => s.kind === 'youtube.search').length;
    return list
      .map(({ ownerProjectId, projectId, surface, feedProjectIds, ...s }) => {
        const c = createConnector(s, { baseUrls: cfg.baseUrls, linkedInVersion: cfg.linkedInVersion, http });
        const budget = KIND_BUDGETS[s.kind];
        return {
          connector: ownerProjectId !== undefined ? ownedBy(c, ownerProjectId, surface) : feedProjectIds ? filedUnder(c, feedProjectIds) : c,
          projectId: ownerProjectId ?? projectId ?? null,
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

  // Instances with the same page budget run together, a few at a time.
  const run = async (planned: Planned[]): Promise<ConnectorReport[]> => {
    const reports: ConnectorReport[] = [];
    for (const maxPages of [...new Set(planned.map((p) => p.budget.maxPages))]) {
      const group = planned.filter((p) => p.budget.maxPages === maxPages);
      const got = await runConnectors(
        group.map((p) => p.connector),
        {
          store: dbCursorStore(db),
          sink,
          log: deps.log,
          signal: deps.signal,
          maxPages,
          onSkipped: (c, skipped) => countSkipped(db, c, skipped),
          // Each instance's run is recorded as it ends: a run killed part-way keeps the rest.
          onReport: (report, i) => recordRuns(db, [{ report, projectId: group[i].projectId }], new Date(now)),
        },
      );
      reports.push(...got);
    }
    return reports;
  };

  const reports = await run(await plan(specs));
  // The threads of the posts stored so far, this run's included; then the replies of comments
  // just stored (YouTube, LinkedIn), as those threads ran a moment ago and are not due again.
  for (let pass = 0; pass < 2 && !deps.signal?.aborted; pass++) reports.push(...(await run(await plan(await buildConversationSpecs(db, cfg, http, deps.log)))));
  for (const r of reports) deps.log.info({ connector: r.connector, key: r.key, ended: r.ended }, reportLine(r));
  for (const a of await watchSkipRates(db, reports))
    deps.log.warn({ connector: a.connector, reasons: a.reasons }, `connectors: ${a.network} skip rate over threshold, admins notified`);
  return reports;
}

export interface ConnectorJob {
  /** Runs now unless a run is under way (then resolves with that run's reports). */
  runNow(): Promise<ConnectorReport[]>;
  stop(): Promise<void>;
}

/** Starts the schedule: a first run at once, then one run per interval, never two at a time. */
export function startConnectorJob(db: Db, cfg: ConnectorJobConfig, deps: ConnectorJobDeps): ConnectorJob {
  const abort = new AbortController();
  const sink = deps.sink ?? createPipeline(db).sink;
  // On stop, backoffs and rate-limit waits end at once and requests in flight are cancelled, so
  // a run stuck on a slow or absent network ends within moments instead of minutes.
  const http =
    deps.http ??
    new HttpClient({
      log: deps.log,
      outbound: cfg.outbound,
      maxBodyBytes: cfg.maxBodyBytes,
      sleep: (ms) =>
        new Promise<void>((resolve) => {
          if (abort.signal.aborted) return resolve();
          const t = setTimeout(done, ms);
          function done() {
            clearTimeout(t);
            abort.signal.removeEventListener('abort', done);
            resolve();
          }
          abort.signal.addEventListener('abort', done);
        }),
      fetch: (input, init) => fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, abort.signal]) : abort.signal }),
    });
  let running: Promise<ConnectorReport[]> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const runNow = (): Promise<ConnectorReport[]> => {
    if (stopped) return Promise.resolve([]);
    const tick = () => runConnectorTick(db, cfg, { ...deps, sink, http, signal: abort.signal });
    running ??= (
      deps.exclusive
        ? withConnectorLock(db, tick).then((r) => {
            if (r === null) deps.log.info({}, 'connectors: another process is running them; this turn skipped');
            return r ?? [];
          })
        : tick()
    )
      .catch((err: unknown) => {
        deps.log.warn({ err: (err as Error).message }, 'connectors: run failed');
        return [] as ConnectorReport[];
      })
      .finally(() => {
        running = null;
        schedule();
      });
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void runNow(), cfg.intervalMs);
    timer.unref();
  };
  void runNow();

  return {
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      abort.abort();
      await running;
    },
  };
}
