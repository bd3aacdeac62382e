// Configuration from the environment, read once. Every knob is documented in docs/operations.md.
import { resolve } from 'node:path';
import { defaultHost } from './exposure.ts';
import { DEFAULT_MAX_BODY_BYTES } from './ingest/connectors/http.ts';
import { DEFAULT_BASE_URLS, DEFAULT_LINKEDIN_VERSION, type BaseUrls } from './networks/registry.ts';
import { DEFAULT_SESSION_IDLE_HOURS } from './plugins/auth.ts';
import { loadOAuthConfig, type OAuthConfig } from './oauth/config.ts';
import { DEFAULT_OUTBOX_RETENTION_DAYS } from './mail/mailer.ts';

export interface Config {
  port: number;
  /** HOST; unset: 127.0.0.1 in demo mode, 0.0.0.0 otherwise (exposure.ts). */
  host: string;
  /** Start beyond loopback even while demo users have the published password (ALLOW_DEMO_EXPOSED=1). */
  allowDemoExposed: boolean;
  databaseUrl: string | null;
  /** DATABASE_READ_URL: PostgreSQL read replicas, comma-separated (docs/scaling.md, "Read replicas"). */
  databaseReadUrls: string[];
  dataDir: string;
  /** Seed the demo tenant: always on the embedded database, with DEMO=1 on PostgreSQL. */
  demo: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** Where the public contact form's messages go. */
  contactTo: string;
  /** Public address of the web app, used in emailed links. */
  publicUrl: string;
  /** Days a finished outbox row (sent, failed, kept) is kept before the purge deletes it (OUTBOX_RETENTION_DAYS; default 30). */
  outboxRetentionDays: number;
  /**
   * Months of bin_clips month partitions kept (BIN_CLIPS_KEEP_MONTHS): the daily `bin-clips-months`
   * job detaches each month wholly older than that once retention has emptied it; null (unset, the
   * default): every month is kept.
   */
  binClipsKeepMonths: number | null;
  /** What becomes of a month the job detaches (BIN_CLIPS_OLD_MONTHS): 'drop' (the default) or 'detach' (kept as its own table). */
  binClipsOldMonths: 'drop' | 'detach';
  /** Size of the demo corpus generated on a fresh demo database. */
  demoClips: number;
  demoDays: number;
  /** A pause after each day of a first start's demo corpus (DEMO_DAY_PAUSE_MS; default 0): to watch the corpus fill, as e2e/first-start.e2e.ts does. */
  demoDayPauseMs: number;
  /** Turn the live post simulator on (default: on with the demo seed, see `demo`). */
  simulator: boolean;
  /** Connector job (docs/connectors.md): pause between runs, 0 turns it off. */
  connectorIntervalMs: number;
  /** App-only bearer token for X recent search; null: no X search. */
  xBearerToken: string | null;
  /** YouTube Data API key for keyword search (YOUTUBE_API_KEY); unset: a project's linked channel's token. */
  youtubeApiKey: string | null;
  /** TikTok Research API app (TIKTOK_RESEARCH_CLIENT_KEY and _SECRET): reads TikTok comments and replies; null: not read. */
  tiktokResearch: { clientKey: string; clientSecret: string } | null;
  /** 32-byte key for profile tokens at rest (hex or base64); null: DATA_DIR/token.key in embedded mode. */
  tokenKey: string | null;
  /** Keys tokens were encrypted with before TOKEN_KEY, still read until `npm run tokens:rotate` (TOKEN_KEYS_OLD, comma list). */
  tokenKeysOld: string[];
  /** Feed addresses read on every connector run. */
  blogFeeds: string[];
  /** The networks' API base addresses. */
  apiBases: BaseUrls;
  /** Let the connector job call loopback and private addresses (OUTBOUND_ALLOW_PRIVATE=1); default: public only. */
  outboundAllowPrivate: boolean;
  /** Hosts the connector job may call whatever they resolve to (OUTBOUND_ALLOW_HOSTS, comma list). */
  outboundAllowHosts: string[];
  /** Largest answer a connector reads, in bytes (CONNECTOR_MAX_BODY_BYTES; default 10 MiB). */
  connectorMaxBodyBytes: number;
  linkedInVersion: string;
  /** OAuth client and endpoints per provider for linking accounts (OAUTH_<PROVIDER>_*; oauth/config.ts). */
  oauth: OAuthConfig;
  webDist: string;
  logLevel: string;
  loginRateLimit: number;
  /** Public file downloads (tutorial documents and videos) a minute per address (DOWNLOAD_RATE_LIMIT; default 120). */
  downloadRateLimit: number;
  /** Hours without a request after which a session ends (SESSION_IDLE_HOURS; default 8). */
  sessionIdleHours: number;
  /** How often an open live event stream checks that its session is still open (EVENTS_SESSION_CHECK_MS; default 30 s). */
  eventsSessionCheckMs: number;
  /**
   * Addresses of reverse proxies whose X-Forwarded-For is believed (comma list of IPs or CIDRs);
   * empty: none, so a client cannot pick the address that rate limits key on.
   */
  trustProxy: string[];
}

export const DEFAULT_EVENTS_SESSION_CHECK_MS = 30_000;

/** BIN_CLIPS_KEEP_MONTHS: unset or empty keeps every month; else a whole number of months, at least 1. */
export function binClipsKeepMonths(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`BIN_CLIPS_KEEP_MONTHS must be a whole number of months, at least 1 (or unset to keep every month), not '${value}'`);
  return n;
}

/** BIN_CLIPS_OLD_MONTHS: 'drop' (unset: the default) or 'detach'. */
export function binClipsOldMonths(value: string | undefined): 'drop' | 'detach' {
  if (value === undefined || value.trim() === '' || value === 'drop') return 'drop';
  if (value === 'detach') return 'detach';
  throw new Error(`BIN_CLIPS_OLD_MONTHS must be 'drop' or 'detach', not '${value}'`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || null;
  const databaseReadUrls = databaseUrl
    ? (env.DATABASE_READ_URL ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean)
    : [];
  const port = Number(env.PORT ?? 8080);
  const demo = databaseUrl ? env.DEMO === '1' : env.DEMO !== '0';
  return {
    port,
    host: env.HOST || defaultHost(demo),
    allowDemoExposed: env.ALLOW_DEMO_EXPOSED === '1',
    databaseUrl,
    databaseReadUrls,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    demo,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Listening <no-reply@listening.local>',
    contactTo: env.CONTACT_TO ?? 'focal-points@listening.local',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    outboxRetentionDays: Number(env.OUTBOX_RETENTION_DAYS) > 0 ? Number(env.OUTBOX_RETENTION_DAYS) : DEFAULT_OUTBOX_RETENTION_DAYS,
    binClipsKeepMonths: binClipsKeepMonths(env.BIN_CLIPS_KEEP_MONTHS),
    binClipsOldMonths: binClipsOldMonths(env.BIN_CLIPS_OLD_MONTHS),
    demoClips: Number(env.DEMO_CLIPS ?? 200_000),
    demoDays: Number(env.DEMO_DAYS ?? 90),
    demoDayPauseMs: Number(env.DEMO_DAY_PAUSE_MS) > 0 ? Number(env.DEMO_DAY_PAUSE_MS) : 0,
    // Its posts are made up: by default only a demo database gets them, not an embedded production one.
    simulator: env.SIMULATOR ? env.SIMULATOR === '1' : demo,
    connectorIntervalMs: Number(env.CONNECTOR_INTERVAL_MS ?? 300_000),
    xBearerToken: env.X_BEARER_TOKEN || null,
    youtubeApiKey: env.YOUTUBE_API_KEY || null,
    tiktokResearch:
      env.TIKTOK_RESEARCH_CLIENT_KEY && env.TIKTOK_RESEARCH_CLIENT_SECRET
        ? { clientKey: env.TIKTOK_RESEARCH_CLIENT_KEY, clientSecret: env.TIKTOK_RESEARCH_CLIENT_SECRET }
        : null,
    tokenKey: env.TOKEN_KEY || null,
    tokenKeysOld: (env.TOKEN_KEYS_OLD ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    blogFeeds: (env.BLOG_FEEDS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    apiBases: {
      x: env.X_API_BASE || DEFAULT_BASE_URLS.x,
      graph: env.GRAPH_API_BASE || DEFAULT_BASE_URLS.graph,
      youtube: env.YOUTUBE_API_BASE || DEFAULT_BASE_URLS.youtube,
      linkedin: env.LINKEDIN_API_BASE || DEFAULT_BASE_URLS.linkedin,
      tiktok: env.TIKTOK_API_BASE || DEFAULT_BASE_URLS.tiktok,
    },
    linkedInVersion: env.LINKEDIN_VERSION || DEFAULT_LINKEDIN_VERSION,
    oauth: loadOAuthConfig(env),
    outboundAllowPrivate: env.OUTBOUND_ALLOW_PRIVATE === '1',
    outboundAllowHosts: (env.OUTBOUND_ALLOW_HOSTS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    connectorMaxBodyBytes: Number(env.CONNECTOR_MAX_BODY_BYTES) > 0 ? Number(env.CONNECTOR_MAX_BODY_BYTES) : DEFAULT_MAX_BODY_BYTES,
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL ?? 'info',
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10),
    downloadRateLimit: Number(env.DOWNLOAD_RATE_LIMIT) > 0 ? Number(env.DOWNLOAD_RATE_LIMIT) : 120,
    sessionIdleHours: Number(env.SESSION_IDLE_HOURS) > 0 ? Number(env.SESSION_IDLE_HOURS) : DEFAULT_SESSION_IDLE_HOURS,
    eventsSessionCheckMs: Number(env.EVENTS_SESSION_CHECK_MS) > 0 ? Number(env.EVENTS_SESSION_CHECK_MS) : DEFAULT_EVENTS_SESSION_CHECK_MS,
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/** What one process runs: the API (HTTP), the background work (jobs, collection, mail, simulator, demo corpus), or both. */
export type Role = 'all' | 'api' | 'worker';
const ROLES: readonly Role[] = ['all', 'api', 'worker'];

/**
 * The process's role: `--role=api|worker|all` on the command line, else ROLE, else all (what
 * `npm start` runs). api and worker share one PostgreSQL (DATABASE_URL): the embedded database
 * belongs to one process. Throws a message naming the problem.
 */
export function roleOf(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Role {
  const flag = argv.find((a) => a.startsWith('--role='))?.slice('--role='.length);
  const role = (flag ?? env.ROLE ?? 'all').trim();
  if (!(ROLES as readonly string[]).includes(role)) throw new Error(`unknown role '${role}': use --role=api, --role=worker or --role=all`);
  if (role !== 'all' && !env.DATABASE_URL)
    throw new Error(`--role=${role} needs DATABASE_URL: the embedded database belongs to one process, which runs everything (--role=all)`);
  return role as Role;
}
