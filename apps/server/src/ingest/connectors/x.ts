// X API v2: recent search for a project's rules and user timelines. Both are newest-first and
// take since_id, so a sweep pages by token back to the last sweep's newest tweet.
import type { Post } from '../post.ts';
import { apiUrl, HttpClient, type Verdict } from './http.ts';
import { date, failedPage, isObj, malformedPage, num, obj, PageBuilder, str, toPost, type Obj } from './normalise.ts';
import { afterPage, maxMark, type SweepCursor } from './sweep.ts';
import type { Connector, PageOutcome } from './types.ts';

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

const TWEET_FIELDS = 'created_at,public_metrics,lang,conversation_id,in_reply_to_user_id,referenced_tweets';
// `protected`: the account's tweets are visible to its approved followers only (a user token can
// read them): skipped (not_public).
const USER_FIELDS = 'public_metrics,username,name,protected';

/** X answers 429 with the epoch second its window resets. */
export function classifyX(status: number, body: unknown, headers: Headers): Verdict {
  if (status === 429) {
    const reset = Number(headers.get('x-rate-limit-reset'));
    return { kind: 'rate_limit', reason: 'rate_limited', ...(reset > 0 ? { resetAtMs: reset * 1000 } : {}) };
  }
  if (status === 401 || status === 403)
    return { kind: 'stop', reason: status === 401 ? 'unauthorized' : 'forbidden', detail: str(obj(body).title) ?? str(obj(body).detail) };
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

abstract class XBase implements Connector<SweepCursor> {
  abstract readonly name: string;
  abstract readonly key: string;
  protected readonly http: HttpClient;
  protected readonly web: string;
  constructor(protected readonly cfg: XConfig) {
    this.http = cfg.http ?? new HttpClient();
    this.web = (cfg.webUrl ?? 'https://x.com').replace(/\/$/, '');
  }
  protected abstract url(cursor: SweepCursor | null): URL;

  protected params(u: URL, cursor: SweepCursor | null): URL {
    u.searchParams.set('max_results', String(this.cfg.maxResults ?? 100));
    u.searchParams.set('expansions', 'author_id');
    u.searchParams.set('tweet.fields', TWEET_FIELDS);
    u.searchParams.set('user.fields', USER_FIELDS);
    if (cursor?.mark != null) u.searchParams.set('since_id', String(cursor.mark));
    return u;
  }

  async fetchPage(cursor: SweepCursor | null): Promise<PageOutcome<SweepCursor>> {
    const same = cursor ?? { mark: null, page: null, top: null };
    const r = await this.http.json({ url: this.url(cursor), headers: { authorization: `Bearer ${this.cfg.bearerToken}` }, classify: classifyX });
    if (!r.ok) return failedPage(same, r);
    const body = obj(r.body);
    const meta = obj(body.meta);
    if (
      !isObj(r.body) ||
      (body.data !== undefined && !Array.isArray(body.data)) ||
      (body.data === undefined && num(meta.result_count) !== 0 && !Array.isArray(body.errors))
    ) {
      return malformedPage(same, 'no data array');
    }
    const users = new Map<string, Obj>();
    for (const u of Array.isArray(obj(body.includes).users) ? (obj(body.includes).users as unknown[]) : [])
      if (isObj(u) && str(u.id)) users.set(String(u.id), u);
    const b = new PageBuilder();
    for (const t of (body.data as unknown[] | undefined) ?? []) b.add(isObj(t) ? tweetToPost(t, users, this.web) : { reason: 'malformed_item' });
    const newest = maxMark(str(meta.newest_id), ...b.posts.map((p: Post) => p.externalId));
    const { cursor: next, next: go } = afterPage(cursor, newest, str(meta.next_token) ?? null, false);
    return { page: b.page(), cursor: next, next: go };
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
  protected url(cursor: SweepCursor | null): URL {
    const u = this.params(apiUrl(this.cfg.baseUrl, '/2/tweets/search/recent'), cursor);
    u.searchParams.set('query', this.query);
    if (cursor?.page) u.searchParams.set('next_token', cursor.page);
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
  protected url(cursor: SweepCursor | null): URL {
    const u = this.params(apiUrl(this.cfg.baseUrl, `/2/users/${encodeURIComponent(this.key)}/tweets`), cursor);
    if (cursor?.page) u.searchParams.set('pagination_token', cursor.page);
    return u;
  }
}
