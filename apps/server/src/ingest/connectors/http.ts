// The one HTTP helper every connector uses: timeout, bounded retries with backoff on 5xx and
// network faults, and waiting out rate limits (sleep and clock injectable, so tests never wait).
import { silentLog, type ConnectorLog } from './types.ts';

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
}

/** A network's reading of an answer: rate limited (wait, then same request), or stop now. */
export type Verdict =
  | { kind: 'rate_limit'; reason: string; waitMs?: number; resetAtMs?: number }
  | { kind: 'stop'; reason: string; detail?: string }
  | null;

export interface HttpRequest {
  url: string | URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  json?: unknown;
  /** A JSON text sent as is, for int64 numbers that JSON.stringify cannot write exactly. */
  rawJson?: string;
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

export class HttpClient {
  private readonly fetchFn: typeof fetch;
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
  readonly log: ConnectorLog;
  private readonly o: Required<Omit<HttpOptions, 'fetch' | 'sleep' | 'now' | 'log'>>;

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
    };
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
    const body = req.rawJson ?? (req.json !== undefined ? JSON.stringify(req.json) : undefined);
    let serverTries = 0;
    let waits = 0;
    for (;;) {
      let status = 0;
      let text = '';
      let headers = new Headers();
      try {
        const res = await this.fetchFn(req.url, {
          method: req.method ?? 'GET',
          headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...req.headers },
          body,
          signal: AbortSignal.timeout(this.o.timeoutMs),
        });
        status = res.status;
        headers = res.headers;
        text = await res.text();
      } catch (e) {
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
        return { ok: false, reason: `http_${status}`, status, retryable: false };
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
  return new URL(base.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`));
}
