// TikTok API v2: the linked account's videos (POST /v2/video/list/, newest first, cursor and
// has_more) and a video's comments in the Research API shape (/v2/research/video/comment/list/).
// Every answer carries error:{code,message,log_id}; code "ok" means success.
import type { Post } from '../../ingest/post.ts';
import { apiUrl, boundedMessage, HttpClient, type HttpResult, type Verdict, HttpConnector } from '../../ingest/connectors/http.ts';
import { date, failedPage, isObj, malformedPage, num, obj, PageBuilder, str, toPost, type Obj } from '../../ingest/connectors/normalise.ts';
import { afterPage, isNew, maxMark, type SweepCursor } from '../../ingest/connectors/sweep.ts';
import type { Connector, CursorValue, PageOutcome, Skip } from '../../ingest/connectors/types.ts';

export const TIKTOK_STREAM = 12;

export interface TikTokConfig {
  /** e.g. https://open.tiktokapis.com */
  baseUrl: string;
  /** User token (video.list scope) or research client token; sent in a header, never logged. */
  accessToken: string;
  http?: HttpClient;
  maxCount?: number;
}

const VIDEO_FIELDS = 'id,title,video_description,create_time,share_url,like_count,comment_count,share_count,view_count';
const COMMENT_FIELDS = 'id,video_id,text,like_count,reply_count,parent_comment_id,create_time';

export function classifyTikTok(status: number, body: unknown): Verdict {
  const code = str(obj(obj(body).error).code);
  if (status === 429 || code === 'rate_limit_exceeded') return { kind: 'rate_limit', reason: 'rate_limited' };
  if (code && code !== 'ok' && status < 500) return { kind: 'stop', reason: code, detail: boundedMessage(obj(obj(body).error).message) };
  return null;
}

export function tiktokVideoToPost(v: Obj, account: { openId: string; username?: string; displayName?: string }): Post | Skip {
  return toPost({
    streamId: TIKTOK_STREAM,
    externalId: v.id,
    body: str(v.video_description) ?? v.title,
    postedAt: date(v.create_time),
    author: { externalId: account.openId, name: account.displayName ?? account.username, handle: account.username ?? null },
    link: str(v.share_url) ?? null,
    likes: num(v.like_count),
    comments: num(v.comment_count),
    shares: num(v.share_count),
    views: num(v.view_count),
  });
}

export function tiktokCommentToPost(c: Obj): Post | Skip {
  // The research comment object names no commenter.
  const parent = str(c.parent_comment_id);
  const video = str(c.video_id);
  return toPost({
    streamId: TIKTOK_STREAM,
    externalId: c.id,
    body: c.text,
    postedAt: date(c.create_time),
    author: { externalId: 'unknown', name: 'TikTok user' },
    parentExternalId: parent && parent !== video ? parent : (video ?? null),
    likes: num(c.like_count),
    comments: num(c.reply_count),
  });
}

/**
 * Research ids are int64 JSON numbers, beyond what a double holds exactly: quote them before
 * parsing so that 7300000000000000007 stays itself.
 */
export function parseInt64Ids(text: string, plain: unknown): unknown {
  try {
    return JSON.parse(text.replace(/("(?:id|video_id|parent_comment_id)"\s*:\s*)(-?\d{16,})(?=\s*[,}])/g, '$1"$2"'));
  } catch {
    // The pattern matched inside a string value (a comment quoting JSON): keep the plain parse.
    return plain;
  }
}

async function post(cfg: TikTokConfig, http: HttpClient, path: string, fields: string, rawJson: string): Promise<HttpResult> {
  const u = apiUrl(cfg.baseUrl, path);
  u.searchParams.set('fields', fields);
  const r = await http.json({ url: u, method: 'POST', rawJson, headers: { authorization: `Bearer ${cfg.accessToken}` }, classify: classifyTikTok });
  if (!r.ok) return r;
  r.body = parseInt64Ids(r.text, r.body);
  const code = str(obj(obj(r.body).error).code);
  if (code && code !== 'ok') return { ok: false, reason: code, retryable: false };
  return r;
}

/** POST /v2/video/list/ for the account that granted the token. */
export class TikTokVideosConnector extends HttpConnector<SweepCursor, TikTokConfig & { openId: string; username?: string; displayName?: string }> {
  readonly name = 'tiktok.videos';
  constructor(cfg: TikTokConfig & { openId: string; username?: string; displayName?: string }) {
    super(cfg, cfg.openId);
  }
  async fetchPage(cursor: SweepCursor | null): Promise<PageOutcome<SweepCursor>> {
    const same = cursor ?? { mark: null, page: null, top: null };
    const body: Record<string, number> = { max_count: this.cfg.maxCount ?? 20 };
    if (cursor?.page) body.cursor = Number(cursor.page);
    const r = await post(this.cfg, this.http, '/v2/video/list/', VIDEO_FIELDS, JSON.stringify(body));
    if (!r.ok) return failedPage(same, r);
    const data = obj(obj(r.body).data);
    if (!Array.isArray(data.videos)) return malformedPage(same, 'no data.videos array');
    const b = new PageBuilder();
    let newest: number | null = null;
    let reached = false;
    for (const v of data.videos) {
      const t = date(obj(v).create_time)?.getTime();
      if (t !== undefined && !isNew(cursor, t)) {
        reached = true;
        break;
      }
      if (t !== undefined) newest = maxMark(newest, t) as number | null;
      b.add(isObj(v) ? tiktokVideoToPost(v, this.cfg) : { reason: 'malformed_item' });
    }
    const next = data.has_more === true && num(data.cursor) !== undefined ? String(data.cursor) : null;
    return { page: b.page(), ...afterPage(cursor, newest, next, reached) };
  }
}

export interface TikTokCommentCursor extends CursorValue {
  cursor: number;
}

/**
 * POST /v2/research/video/comment/list/: a video's comments (`video_id`) or one comment's replies
 * (`comment_id`; the API takes one or the other, never both). The Research API takes a client
 * token with research.data.basic (researchClientToken), not the linked user's. Resumes at the
 * index it reached.
 */
class TikTokResearchCommentsConnector implements Connector<TikTokCommentCursor> {
  private readonly http: HttpClient;
  constructor(
    readonly name: 'tiktok.comments' | 'tiktok.replies',
    readonly key: string,
    private readonly target: 'video_id' | 'comment_id',
    private readonly cfg: TikTokConfig,
  ) {
    this.http = cfg.http ?? new HttpClient();
  }
  async fetchPage(cursor: TikTokCommentCursor | null): Promise<PageOutcome<TikTokCommentCursor>> {
    const same = cursor ?? { cursor: 0 };
    // Ids are int64 JSON numbers: written from their digits, never through a double.
    const id = /^\d+$/.test(this.key) ? this.key : JSON.stringify(this.key);
    const rawJson = `{"${this.target}":${id},"max_count":${this.cfg.maxCount ?? 100},"cursor":${same.cursor}}`;
    const r = await post(this.cfg, this.http, '/v2/research/video/comment/list/', COMMENT_FIELDS, rawJson);
    if (!r.ok) return failedPage(same, r);
    const data = obj(obj(r.body).data);
    if (!Array.isArray(data.comments)) return malformedPage(same, 'no data.comments array');
    const b = new PageBuilder();
    for (const c of data.comments) b.add(isObj(c) ? tiktokCommentToPost(c) : { reason: 'malformed_item' });
    const nextIndex = num(data.cursor) ?? same.cursor + data.comments.length;
    return { page: b.page(), cursor: { cursor: nextIndex }, next: data.has_more === true ? 'more' : 'done' };
  }
}

/** A video's comments. */
export class TikTokCommentsConnector extends TikTokResearchCommentsConnector {
  constructor(cfg: TikTokConfig & { videoId: string }) {
    super('tiktok.comments', cfg.videoId, 'video_id', cfg);
  }
}

/** One comment's replies. */
export class TikTokRepliesConnector extends TikTokResearchCommentsConnector {
  constructor(cfg: TikTokConfig & { commentId: string }) {
    super('tiktok.replies', cfg.commentId, 'comment_id', cfg);
  }
}

export interface ResearchCredentials {
  clientKey: string;
  clientSecret: string;
}

const researchTokens = new Map<string, { token: string; until: number }>();

/**
 * A client access token for the Research API: POST /v2/oauth/token/ with grant_type
 * client_credentials and the research app's key and secret (TIKTOK_RESEARCH_CLIENT_KEY,
 * TIKTOK_RESEARCH_CLIENT_SECRET). Tokens last two hours; one is kept until a minute before it
 * ends. Throws with what TikTok answered when it refuses.
 */
export async function researchClientToken(baseUrl: string, creds: ResearchCredentials, http: HttpClient, now = Date.now()): Promise<string> {
  const cacheKey = `${baseUrl} ${creds.clientKey} ${creds.clientSecret}`;
  const kept = researchTokens.get(cacheKey);
  if (kept && kept.until > now) return kept.token;
  const r = await http.json({
    url: apiUrl(baseUrl, '/v2/oauth/token/'),
    method: 'POST',
    form: { client_key: creds.clientKey, client_secret: creds.clientSecret, grant_type: 'client_credentials' },
    // The OAuth endpoint answers errors as {error, error_description}: keep its words.
    classify: (status, body) =>
      status >= 400 && status < 500 && status !== 429
        ? { kind: 'stop', reason: `http_${status}`, detail: str(obj(body).error_description) ?? str(obj(body).error) }
        : null,
  });
  const body = r.ok ? obj(r.body) : {};
  const token = str(body.access_token);
  if (!r.ok || !token) {
    const said = str(body.error_description) ?? str(body.error) ?? (r.ok ? 'no access_token' : `${r.reason}${r.detail ? `: ${r.detail}` : ''}`);
    throw new Error(`TikTok refused the research client token: ${said.slice(0, 200)}`);
  }
  researchTokens.set(cacheKey, { token, until: now + Math.max(0, (num(body.expires_in) ?? 7200) - 60) * 1000 });
  return token;
}

/** Forget kept research tokens (tests, and a refused token). */
export function forgetResearchTokens(): void {
  researchTokens.clear();
}
