// The one HTTP helper every connector uses: timeout, bounded retries with backoff on 5xx and
// network faults, and waiting out rate limits (sleep and clock injectable, so tests never wait).
// Every address it is sent to (configured bases, feeds named by rules, a feed's `next` links,
// redirects) must be http(s) and resolve to public addresses unless config allows otherwise, and
// no answer is read past a size cap.
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { silentLog, type Connector, type ConnectorLog, type CursorValue, type PageOutcome } from './types.ts';

/** Who may be called besides public addresses (OUTBOUND_ALLOW_PRIVATE, OUTBOUND_ALLOW_HOSTS). */
export interface OutboundPolicy {
  /** Any address, loopback and private ones included (tests, on-premises networks). Default false. */
  allowPrivate?: boolean;
  /** Host names or IP literals allowed whatever they resolve to, e.g. an internal feed server. */
  allowHosts?: string[];
}

export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export interface HttpOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Epoch milliseconds; used to turn "reset at" answers into a wait. */
  now?: () => number;
  log?: ConnectorLog;
  timeoutMs?: number;
  /** Retries after a 5xx, a timeout or a dropped connection (then the page is given up). */
  serverRetries?: number;
  /** First backoff; doubles on each retry. */
  backoffMs?: number;
  /** Rate-limit waits per request before giving up for this run. */
  rateLimitWaits?: number;
  /** A told wait longer than this stops the run instead of holding a worker (the cursor stays). */
  maxWaitMs?: number;
  /** Wait when a rate-limit answer names no time. */
  defaultRateLimitWaitMs?: number;
  /** Addresses allowed besides public ones; default: public addresses only. */
  outbound?: OutboundPolicy;
  /** Answers longer than this many bytes stop the page (`body_too_large`); default 10 MiB. */
  maxBodyBytes?: number;
  /** Resolves a host name to its addresses (injectable for tests); default dns.lookup (all). */
  lookup?: (host: string) => Promise<string[]>;
}

/** The longest a network's own error message is kept (a stop's detail, the admin's Collection page). */
export const MAX_NETWORK_MESSAGE = 300;

/**
 * The first of `said` that is a non-empty string, on one line (control characters and runs of
 * white space made one space) and at most MAX_NETWORK_MESSAGE characters. It is stored and shown
 * as text, never as markup (docs/connectors.md, "Stops and their messages").
 */
export function boundedMessage(...said: unknown[]): string | undefined {
  for (const v of said) {
    if (typeof v !== 'string') continue;
    // eslint-disable-next-line no-control-regex
    const line = v.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
    if (line) return line.length > MAX_NETWORK_MESSAGE ? `${line.slice(0, MAX_NETWORK_MESSAGE - 1)}…` : line;
  }
  return undefined;
}

const field = (v: unknown, k: string): unknown => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined);

/**
 * The message of an error answer, in the shapes the networks use: `error.message` (Graph, YouTube,
 * TikTok), `detail` / `title` / `errors[0].message` (X), `message` (LinkedIn), `error_description`
 * (OAuth token endpoints); bounded as boundedMessage.
 */
export function answerMessage(body: unknown): string | undefined {
  const errors = field(body, 'errors');
  return boundedMessage(
    field(field(body, 'error'), 'message'),
    field(body, 'detail'),
    field(body, 'message'),
    field(body, 'error_description'),
    Array.isArray(errors) ? field(errors[0], 'message') : undefined,
    field(body, 'title'),
  );
}

/** A network's reading of an answer: rate limited (wait, then same request), or stop now. */
export type Verdict = { kind: 'rate_limit'; reason: string; waitMs?: number; resetAtMs?: number } | { kind: 'stop'; reason: string; detail?: string } | null;

export interface HttpRequest {
  url: string | URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  json?: unknown;
  /** A JSON text sent as is, for int64 numbers that JSON.stringify cannot write exactly. */
  rawJson?: string;
  /** A form body (application/x-www-form-urlencoded), as OAuth token endpoints take. */
  form?: Record<string, string>;
  /** Network-specific error reading; runs on every answer before the generic rules. */
  classify?: (status: number, body: unknown, headers: Headers) => Verdict;
}

export type HttpResult =
  | { ok: true; status: number; body: unknown; text: string; headers: Headers; isJson: boolean }
  | { ok: false; reason: string; status?: number; detail?: string; retryable: boolean };

const SECRET_PARAMS = /^(access_token|key|token|api_key|client_secret|client_id|appsecret_proof)$/i;

/** An address safe to log: secret query parameters masked. */
export function redactUrl(url: string | URL): string {
  try {
    const u = new URL(String(url));
    for (const k of [...u.searchParams.keys()]) if (SECRET_PARAMS.test(k)) u.searchParams.set(k, '***');
    return u.toString();
  } catch {
    return '(unparseable url)';
  }
}

/** Retry-After: delta seconds or an HTTP date. */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
  const v = headers.get('retry-after');
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

// Loopback, private, link-local, unique-local, metadata, "this network", shared (CGNAT),
// benchmarking, multicast and reserved ranges. IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are
// checked against the IPv4 rules by BlockList itself; NAT64 (64:ff9b::/96) and 6to4 (2002::/16),
// which reach an IPv4 address embedded in theirs, below. Local-use NAT64 (64:ff9b:1::/48, RFC 8215)
// translates to whatever the local network chooses, so none of it is public. Teredo (2001::/32)
// reaches a client behind a NAT by an IPv4 address hidden (inverted) in its last 32 bits, through
// whatever relay the host's network offers: no network API or feed is served from one.
const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['2001::', 32], // Teredo
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv6');

/** The 8 groups of an IPv6 address (with a dotted IPv4 tail or "::"), or null. */
function ipv6Groups(a: string): number[] | null {
  let s = a.toLowerCase().split('%')[0];
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) s = s.slice(0, v4.index) + ((+v4[1] << 8) | +v4[2]).toString(16) + ':' + ((+v4[3] << 8) | +v4[4]).toString(16);
  const [head, tail] = s.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = s.includes('::') ? 8 - h.length - t.length : 0;
  const groups = [...h, ...Array<string>(Math.max(0, fill)).fill('0'), ...t].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** True for an address on the public internet; false for loopback, private, link-local, metadata… */
export function isPublicAddress(address: string): boolean {
  address = address.split('%')[0]; // a zone ("fe80::1%eth0") names an interface, not another address
  const family = isIP(address);
  if (family === 4) return !BLOCKED.check(address, 'ipv4');
  if (family !== 6) return false;
  if (BLOCKED.check(address, 'ipv6')) return false;
  const g = ipv6Groups(address);
  if (!g) return false;
  const ipv4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // NAT64 (64:ff9b::/96) reaches the IPv4 address in its last 32 bits.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isPublicAddress(ipv4(g[6], g[7]));
  // 6to4 (2002::/16) reaches the IPv4 address in its bits 16 to 48 (2002:c0a8:0101:: is 192.168.1.1).
  if (g[0] === 0x2002) return isPublicAddress(ipv4(g[1], g[2]));
  return true;
}

const defaultLookup = async (host: string) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);
const bare = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/** A request's failure that no retry cures (an address refused, too many redirects, a body past the cap). */
class Refused {
  constructor(readonly result: Extract<HttpResult, { ok: false }>) {}
}

export class HttpClient {
  private readonly fetchFn: typeof fetch;
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
  readonly log: ConnectorLog;
  private readonly o: Required<Omit<HttpOptions, 'fetch' | 'sleep' | 'now' | 'log' | 'outbound' | 'lookup'>>;
  private readonly allowPrivate: boolean;
  private readonly allowHosts: Set<string>;
  private readonly lookup: (host: string) => Promise<string[]>;

  constructor(opts: HttpOptions = {}) {
    this.fetchFn = opts.fetch ?? fetch;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = opts.now ?? Date.now;
    this.log = opts.log ?? silentLog;
    this.o = {
      timeoutMs: opts.timeoutMs ?? 20_000,
      serverRetries: opts.serverRetries ?? 3,
      backoffMs: opts.backoffMs ?? 1_000,
      rateLimitWaits: opts.rateLimitWaits ?? 5,
      maxWaitMs: opts.maxWaitMs ?? 15 * 60_000,
      defaultRateLimitWaitMs: opts.defaultRateLimitWaitMs ?? 60_000,
      maxBodyBytes: opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    };
    this.allowPrivate = opts.outbound?.allowPrivate === true;
    this.allowHosts = new Set((opts.outbound?.allowHosts ?? []).map(bare).filter(Boolean));
    this.lookup = opts.lookup ?? defaultLookup;
  }

  /** Why a request to this address is refused, or null when it may go (the host is resolved here). */
  async refusal(url: URL): Promise<string | null> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `scheme ${url.protocol}`;
    if (this.allowPrivate) return null;
    const host = bare(url.hostname);
    if (this.allowHosts.has(host)) return null;
    const addresses = isIP(host) ? [host] : await this.lookup(host);
    if (addresses.length === 0) throw new Error(`${host}: no address`);
    const bad = addresses.find((a) => !isPublicAddress(a));
    return bad === undefined ? null : `${host} resolves to ${bad}`;
  }

  /**
   * One exchange, redirects included: each hop's address is checked before it is sent to, and
   * credentials are not carried to another origin. Network faults throw (and are retried).
   */
  private async exchange(req: HttpRequest, body: string | undefined): Promise<{ status: number; headers: Headers; text: string }> {
    let url = new URL(String(req.url));
    let method = req.method ?? 'GET';
    let payload = body;
    let headers: Record<string, string> = {
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': req.form ? 'application/x-www-form-urlencoded' : 'application/json' } : {}),
      ...req.headers,
    };
    for (let hop = 0; ; hop++) {
      const refused = await this.refusal(url);
      if (refused) {
        this.log.warn({ url: redactUrl(url), refused }, 'connector: address refused (OUTBOUND_ALLOW_PRIVATE / OUTBOUND_ALLOW_HOSTS)');
        throw new Refused({ ok: false, reason: 'blocked_address', detail: refused, retryable: false });
      }
      const res = await this.fetchFn(url, { method, headers, body: payload, redirect: 'manual', signal: AbortSignal.timeout(this.o.timeoutMs) });
      const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
      if (location === null) return { status: res.status, headers: res.headers, text: await this.readCapped(res, url) };
      await res.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) throw new Refused({ ok: false, reason: 'too_many_redirects', status: res.status, retryable: false });
      const next = new URL(location, url);
      if (next.origin !== url.origin)
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^(authorization|cookie|x-goog-api-key)$/i.test(k)));
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        payload = undefined;
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-type'));
      }
      url = next;
    }
  }

  /** The body as text, unless it is longer than the cap (then the transfer is cut off). */
  private async readCapped(res: Response, url: URL): Promise<string> {
    const max = this.o.maxBodyBytes;
    const tooLarge = (bytes: number) => {
      this.log.warn({ url: redactUrl(url), bytes, max }, 'connector: answer larger than the cap; page stopped');
      return new Refused({ ok: false, reason: 'body_too_large', status: res.status, detail: `more than ${max} bytes`, retryable: false });
    };
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > max) {
      await res.body?.cancel().catch(() => undefined);
      throw tooLarge(declared);
    }
    if (!res.body) return '';
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > max) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(total);
      }
      chunks.push(value);
    }
    return new TextDecoder().decode(Buffer.concat(chunks));
  }

  /** Sends and parses JSON; a body that does not parse is a retryable 'malformed_json'. */
  async json(req: HttpRequest): Promise<HttpResult> {
    const r = await this.send(req);
    if (!r.ok) return r;
    if (!r.isJson) {
      this.log.warn({ url: redactUrl(req.url), status: r.status, bytes: r.text.length }, 'connector: malformed JSON page skipped');
      return { ok: false, reason: 'malformed_json', status: r.status, retryable: true };
    }
    return r;
  }

  /** Sends and returns the body as text (feeds); error answers are read as JSON when they are. */
  async send(req: HttpRequest): Promise<HttpResult> {
    const safeUrl = redactUrl(req.url);
    const body = req.form ? new URLSearchParams(req.form).toString() : (req.rawJson ?? (req.json !== undefined ? JSON.stringify(req.json) : undefined));
    let serverTries = 0;
    let waits = 0;
    for (;;) {
      let status = 0;
      let text = '';
      let headers = new Headers();
      try {
        ({ status, headers, text } = await this.exchange(req, body));
      } catch (e) {
        if (e instanceof Refused) return e.result;
        const reason = (e as Error).name === 'TimeoutError' ? 'timeout' : 'network_error';
        if (serverTries < this.o.serverRetries) {
          await this.backoff(++serverTries, safeUrl, reason);
          continue;
        }
        return { ok: false, reason, detail: (e as Error).message, retryable: true };
      }

      const parsed = parseJson(text);
      const answer = parsed.ok ? parsed.value : undefined;
      const verdict = req.classify?.(status, answer, headers) ?? (status === 429 ? { kind: 'rate_limit' as const, reason: 'rate_limited' } : null);

      if (verdict?.kind === 'rate_limit') {
        const told = verdict.waitMs ?? (verdict.resetAtMs !== undefined ? verdict.resetAtMs - this.now() : retryAfterMs(headers, this.now()));
        const waitMs = Math.max(told ?? this.o.defaultRateLimitWaitMs, 1_000);
        if (waits >= this.o.rateLimitWaits || waitMs > this.o.maxWaitMs) {
          this.log.warn({ url: safeUrl, waitMs, reason: verdict.reason }, 'connector: rate limit wait too long; stopping this run');
          return { ok: false, reason: verdict.reason, status, retryable: false };
        }
        waits++;
        this.log.warn({ url: safeUrl, waitMs, reason: verdict.reason }, 'connector: rate limited; waiting');
        await this.sleep(waitMs);
        continue;
      }
      if (verdict?.kind === 'stop') return { ok: false, reason: verdict.reason, status, detail: verdict.detail, retryable: false };
      if (status >= 500) {
        if (serverTries < this.o.serverRetries) {
          await this.backoff(++serverTries, safeUrl, `http_${status}`);
          continue;
        }
        return { ok: false, reason: 'http_5xx', status, retryable: true };
      }
      if (status >= 400) {
        this.log.warn({ url: safeUrl, status }, 'connector: request refused');
        const detail = answerMessage(answer);
        return { ok: false, reason: `http_${status}`, status, ...(detail ? { detail } : {}), retryable: false };
      }
      return { ok: true, status, body: answer, text, headers, isJson: parsed.ok };
    }
  }

  private async backoff(attempt: number, url: string, reason: string): Promise<void> {
    const ms = this.o.backoffMs * 2 ** (attempt - 1);
    this.log.warn({ url, attempt, waitMs: ms, reason }, 'connector: retrying after backoff');
    await this.sleep(ms);
  }
}

/** Joins a configured base (which may carry a path, e.g. a Graph API version) and an API path. */
export function apiUrl(base: string, path: string): URL {
  let end = base.length;
  while (end > 0 && base.charCodeAt(end - 1) === 47) end--;
  return new URL(base.slice(0, end) + (path.startsWith('/') ? path : `/${path}`));
}

/**
 * A connector that reads one thing (`key`: a page, a post, a feed, an account) over HTTP, with
 * the client its configuration brings or a client of its own.
 */
export abstract class HttpConnector<C extends CursorValue, Cfg extends { http?: HttpClient }> implements Connector<C> {
  abstract readonly name: string;
  protected readonly http: HttpClient;
  constructor(
    protected readonly cfg: Cfg,
    readonly key: string,
  ) {
    this.http = cfg.http ?? new HttpClient();
  }
  abstract fetchPage(cursor: C | null): Promise<PageOutcome<C>>;
}
