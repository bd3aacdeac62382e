// X API v2: recent search for a project's rules and user timelines. Both are newest-first and
// take since_id, so a sweep pages by token back to the last sweep's newest tweet. The mark never
// passes a tweet that was neither stored nor rejected for good (see XCursor), and a mark that has
// left recent search's 7-day window restarts the sweep at the window's start.
import { apiUrl, boundedMessage, HttpClient, type Verdict } from '../../ingest/connectors/http.ts';
import { date, failedPage, isObj, malformedPage, num, obj, PageBuilder, str, toPost, type Obj } from '../../ingest/connectors/normalise.ts';
import { maxMark, newer, type SweepCursor } from '../../ingest/connectors/sweep.ts';
import type { Connector, PageOutcome } from '../../ingest/connectors/types.ts';

export const X_STREAM = 7;

export interface XConfig {
  /** e.g. https://api.x.com */
  baseUrl: string;
  /** App-only bearer token; sent in the Authorization header, never logged. */
  bearerToken: string;
  http?: HttpClient;
  /** 10 to 100 tweets a page. */
  maxResults?: number;
  /** Public web address for links (https://x.com). */
  webUrl?: string;
}

// author_id is a tweet field: the author_id expansion adds the user to includes.users, but the
// tweet carries author_id only when tweet.fields asks for it.
const TWEET_FIELDS = 'author_id,created_at,public_metrics,lang,conversation_id,in_reply_to_user_id,referenced_tweets';
// `protected`: the account's tweets are visible to its approved followers only (a user token can
// read them): skipped (not_public).
const USER_FIELDS = 'public_metrics,username,name,protected';

/** Recent search covers the last 7 days; a restarted sweep starts this much later than its edge. */
export const X_SEARCH_WINDOW_MS = 7 * 24 * 3600_000;
export const X_WINDOW_MARGIN_MS = 2 * 60_000;
/**
 * Skips that a later read may not repeat (the tweet lacked a field we map): the mark stays below
 * such a tweet so that the next sweep reads it again, for at most this many sweeps. After that it
 * is counted as `<reason>_given_up` and passed, so that one broken tweet cannot hold the mark forever.
 */
export const X_HELD_REASONS: ReadonlySet<string> = new Set(['missing_author', 'bad_date']);
export const X_MAX_HELD_SWEEPS = 3;

/**
 * A sweep cursor (mark = since_id, page = next token, top = newest id of this sweep) plus:
 * - start/end: the sweep reads by time (start_time, end_time) instead of since_id, because the mark
 *   had left the search window; `oldest` (created_at of the oldest tweet read) is where a segment
 *   resumes when start_time itself leaves the window mid-sweep;
 * - hold/floor: the oldest tweet of this sweep held back, and the newest tweet older than it that
 *   was stored or rejected for good: at the end of the sweep the mark moves to `floor`, not `top`;
 * - faults/failing: "id:n id:n", how many sweeps each held tweet has failed in (last sweep's, this one's).
 */
export interface XCursor extends SweepCursor {
  start: string | null;
  end: string | null;
  oldest: string | null;
  hold: string | null;
  floor: string | null;
  faults: string;
  failing: string;
}

const emptyCursor = (mark: string | number | null = null, faults = ''): XCursor => ({
  mark,
  page: null,
  top: null,
  start: null,
  end: null,
  oldest: null,
  hold: null,
  floor: null,
  faults,
  failing: '',
});

/** A stored cursor, including one written before these fields existed (a plain SweepCursor). */
function readCursor(c: SweepCursor | null): XCursor {
  const s = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const o = (c ?? {}) as Partial<Record<keyof XCursor, unknown>>;
  return {
    mark: typeof o.mark === 'string' || typeof o.mark === 'number' ? o.mark : null,
    page: s(o.page),
    top: typeof o.top === 'string' || typeof o.top === 'number' ? o.top : null,
    start: s(o.start),
    end: s(o.end),
    oldest: s(o.oldest),
    hold: s(o.hold),
    floor: s(o.floor),
    faults: s(o.faults) ?? '',
    failing: s(o.failing) ?? '',
  };
}

const readCounts = (v: string) =>
  new Map(
    v
      .split(' ')
      .map((e) => e.split(':'))
      .filter(([id, n]) => id && Number(n) > 0)
      .map(([id, n]) => [id, Number(n)] as const),
  );
const writeCounts = (m: Map<string, number>) => [...m].map(([id, n]) => `${id}:${n}`).join(' ');

/**
 * X answers 429 with the epoch second its window resets. A 400 naming since_id or start_time as
 * older than the search window (e.g. "'since_id' must be a tweet id created after
 * 2026-07-31T11:45Z. Please use a 'since_id' that is larger than …") is `outside_window`: the
 * connector restarts at the window's start instead of stopping.
 */
export function classifyX(status: number, body: unknown, headers: Headers): Verdict {
  if (status === 429) {
    const reset = Number(headers.get('x-rate-limit-reset'));
    return { kind: 'rate_limit', reason: 'rate_limited', ...(reset > 0 ? { resetAtMs: reset * 1000 } : {}) };
  }
  if (status === 401 || status === 403)
    return { kind: 'stop', reason: status === 401 ? 'unauthorized' : 'forbidden', detail: boundedMessage(obj(body).detail, obj(body).title) };
  if (status === 400) {
    const errors = Array.isArray(obj(body).errors) ? (obj(body).errors as unknown[]).map(obj) : [];
    const late = errors.find((e) => /'(since_id|start_time)' must be (a tweet id created after|on or after)/.test(str(e.message) ?? ''));
    if (late) return { kind: 'stop', reason: 'outside_window', detail: boundedMessage(late.message) };
  }
  return null;
}

export function tweetToPost(t: Obj, users: Map<string, Obj>, webUrl: string): ReturnType<typeof toPost> {
  const author = users.get(String(t.author_id)) ?? {};
  if (author.protected === true) return { reason: 'not_public', detail: str(t.id) };
  const m = obj(t.public_metrics);
  const replyTo = Array.isArray(t.referenced_tweets) ? t.referenced_tweets.map(obj).find((r) => r.type === 'replied_to') : undefined;
  const replyUser = users.get(String(t.in_reply_to_user_id));
  const handle = str(author.username);
  const impressions = num(m.impression_count);
  const lang = str(t.lang);
  return toPost({
    streamId: X_STREAM,
    externalId: t.id,
    body: t.text,
    postedAt: date(t.created_at),
    author: { externalId: t.author_id, name: author.name, handle: handle ?? null, followers: num(obj(author.public_metrics).followers_count) },
    link: handle && str(t.id) ? `${webUrl}/${handle}/status/${String(t.id)}` : null,
    parentExternalId: str(replyTo?.id) ?? null,
    inReplyToHandle: str(replyUser?.username) ?? null,
    likes: num(m.like_count),
    comments: num(m.reply_count),
    shares: (num(m.retweet_count) ?? 0) + (num(m.quote_count) ?? 0),
    views: impressions,
    impressions,
    // 'und' is X's "undetermined"; enrichment detects the language then.
    language: lang && lang !== 'und' ? lang : null,
  });
}

abstract class XBase implements Connector<XCursor> {
  abstract readonly name: string;
  abstract readonly key: string;
  protected readonly http: HttpClient;
  protected readonly web: string;
  constructor(protected readonly cfg: XConfig) {
    this.http = cfg.http ?? new HttpClient();
    this.web = (cfg.webUrl ?? 'https://x.com').replace(/\/$/, '');
  }
  protected abstract url(cursor: XCursor): URL;

  protected params(u: URL, cursor: XCursor): URL {
    u.searchParams.set('max_results', String(this.cfg.maxResults ?? 100));
    u.searchParams.set('expansions', 'author_id');
    u.searchParams.set('tweet.fields', TWEET_FIELDS);
    u.searchParams.set('user.fields', USER_FIELDS);
    // X refuses since_id together with start_time: a sweep reads either by id or by time.
    if (cursor.start) {
      u.searchParams.set('start_time', cursor.start);
      if (cursor.end) u.searchParams.set('end_time', cursor.end);
    } else if (cursor.mark != null) u.searchParams.set('since_id', String(cursor.mark));
    return u;
  }

  async fetchPage(stored: SweepCursor | null): Promise<PageOutcome<XCursor>> {
    const c = readCursor(stored);
    // Inside a sweep: a page token, or a later time segment of it (end set).
    const midSweep = c.page !== null || c.end !== null;
    const r = await this.http.json({ url: this.url(c), headers: { authorization: `Bearer ${this.cfg.bearerToken}` }, classify: classifyX });
    if (!r.ok && r.reason === 'outside_window') return this.restartInWindow(c, midSweep, r.detail);
    if (!r.ok) return failedPage(c, r);
    const body = obj(r.body);
    const meta = obj(body.meta);
    if (
      !isObj(r.body) ||
      (body.data !== undefined && !Array.isArray(body.data)) ||
      (body.data === undefined && num(meta.result_count) !== 0 && !Array.isArray(body.errors))
    ) {
      return malformedPage(c, 'no data array');
    }
    const users = new Map<string, Obj>();
    for (const u of Array.isArray(obj(body.includes).users) ? (obj(body.includes).users as unknown[]) : [])
      if (isObj(u) && str(u.id)) users.set(String(u.id), u);

    const faults = readCounts(c.faults);
    const failing = readCounts(midSweep ? c.failing : '');
    let hold = midSweep ? c.hold : null;
    let floor = midSweep ? c.floor : null;
    let oldest = midSweep ? c.oldest : null;
    const b = new PageBuilder();
    const passed: string[] = [];
    let newest: string | number | null = str(meta.newest_id) ?? null;
    for (const t of (body.data as unknown[] | undefined) ?? []) {
      if (!isObj(t)) {
        b.skip('malformed_item');
        continue;
      }
      const id = str(t.id);
      const at = date(t.created_at)?.toISOString();
      if (at && (oldest === null || at < oldest)) oldest = at;
      if (id) newest = maxMark(newest, id);
      const p = tweetToPost(t, users, this.web);
      if (id && 'reason' in p && X_HELD_REASONS.has(p.reason)) {
        const n = (faults.get(id) ?? 0) + 1;
        if (n < X_MAX_HELD_SWEEPS) {
          // Held: counted now, read again by the next sweep.
          failing.set(id, n);
          b.skip(p.reason, `${id} (held, sweep ${n} of ${X_MAX_HELD_SWEEPS})`);
          if (hold === null || newer(hold, id)) {
            if (floor !== null && !newer(id, floor)) floor = null;
            hold = id;
          }
          continue;
        }
        b.skip(`${p.reason}_given_up`, id);
      } else b.add(p);
      if (id) passed.push(id);
    }
    for (const id of passed) if (hold !== null && newer(hold, id) && newer(id, floor)) floor = id;

    const top = maxMark(midSweep ? c.top : null, newest);
    const token = str(meta.next_token);
    if (token)
      return {
        page: b.page(),
        cursor: { ...c, page: token, top, oldest, hold, floor, failing: writeCounts(failing) },
        next: 'more',
      };
    // The sweep is over. The mark moves to its newest tweet, unless a tweet was held: then only
    // as far as the newest tweet older than every held one. A sweep read by time had a mark
    // outside the window: it is dropped.
    const base = c.start ? null : c.mark;
    const mark = hold === null ? maxMark(base, top) : (floor ?? base);
    return { page: b.page(), cursor: emptyCursor(mark, writeCounts(failing)), next: 'done' };
  }

  /**
   * The mark (since_id) or the sweep's start_time has left the search window. Read the rest by
   * time: from the window's start (plus a margin, as the window moves while we read) to the
   * oldest tweet this sweep has read (end_time is exclusive and to the second: one second later).
   */
  private restartInWindow(c: XCursor, midSweep: boolean, detail: string | undefined): PageOutcome<XCursor> {
    const skipped = [{ reason: 'outside_window', ...(detail ? { detail } : {}) }];
    if (c.start && c.page === null)
      // The first request of a window we just computed was refused: X and our clock disagree.
      // Stop; the next run computes the window again.
      return { page: { posts: [], skipped }, cursor: { ...c, start: null, end: null }, next: 'stop', reason: 'outside_window', detail };
    const start = new Date(this.http.now() - X_SEARCH_WINDOW_MS + X_WINDOW_MARGIN_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const end = midSweep && c.oldest ? new Date(Date.parse(c.oldest) + 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') : null;
    const base = midSweep ? c : { ...emptyCursor(c.mark, c.faults) };
    return { page: { posts: [], skipped }, cursor: { ...base, page: null, start, end: end ?? base.end }, next: 'more' };
  }
}

/** GET /2/tweets/search/recent for one query (see buildXQueries). */
export class XSearchConnector extends XBase {
  readonly name = 'x.search';
  readonly key: string;
  private readonly query: string;
  constructor(cfg: XConfig & { query: string; key?: string }) {
    super(cfg);
    this.key = cfg.key ?? cfg.query;
    this.query = cfg.query;
  }
  protected url(cursor: XCursor): URL {
    const u = this.params(apiUrl(this.cfg.baseUrl, '/2/tweets/search/recent'), cursor);
    u.searchParams.set('query', this.query);
    if (cursor.page) u.searchParams.set('next_token', cursor.page);
    return u;
  }
}

/** GET /2/users/:id/tweets: an owned or tracked profile's own tweets. */
export class XTimelineConnector extends XBase {
  readonly name = 'x.timeline';
  readonly key: string;
  constructor(cfg: XConfig & { userId: string }) {
    super(cfg);
    this.key = cfg.userId;
  }
  protected url(cursor: XCursor): URL {
    const u = this.params(apiUrl(this.cfg.baseUrl, `/2/users/${encodeURIComponent(this.key)}/tweets`), cursor);
    if (cursor.page) u.searchParams.set('pagination_token', cursor.page);
    return u;
  }
}
