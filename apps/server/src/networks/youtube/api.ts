// YouTube Data API v3: keyword search, a channel's uploads, and a video's comment threads. Each
// page of videos is completed by one videos.list call (statistics, full description).
import type { Post } from '../../ingest/post.ts';
import { apiUrl, boundedMessage, HttpClient, HttpConnector, type HttpResult, type Verdict } from '../../ingest/connectors/http.ts';
import { date, failedPage, isObj, malformedPage, num, obj, PageBuilder, str, toPost, type Obj } from '../../ingest/connectors/normalise.ts';
import { afterPage, isNew, maxMark, type SweepCursor } from '../../ingest/connectors/sweep.ts';
import type { PageOutcome, Skip } from '../../ingest/connectors/types.ts';

export const YOUTUBE_STREAM = 10;

export interface YouTubeConfig {
  /** e.g. https://www.googleapis.com */
  baseUrl: string;
  /** An API key (public data) or an OAuth access token; sent in headers, never logged. */
  apiKey?: string;
  accessToken?: string;
  http?: HttpClient;
  /** 1 to 50 results a page. */
  maxResults?: number;
}

/** quotaExceeded is the daily quota: waiting minutes won't help, so stop and count it. */
export function classifyYouTube(status: number, body: unknown): Verdict {
  const err = obj(obj(body).error);
  const reason = str(obj(Array.isArray(err.errors) ? err.errors[0] : undefined).reason);
  if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded') return { kind: 'stop', reason: 'quota_exceeded', detail: boundedMessage(err.message) };
  if (status === 429 || reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded') return { kind: 'rate_limit', reason: 'rate_limited' };
  const detail = boundedMessage(err.message);
  if (status === 401) return { kind: 'stop', reason: 'unauthorized', detail };
  if (status === 403 || status === 404) return { kind: 'stop', reason: reason ?? `http_${status}`, detail };
  return null;
}

/**
 * Only public videos are listening data: an owner's token also lists private and unlisted ones.
 * status.privacyStatus comes from videos.list (or the playlist item); without it the video is
 * not known to be public and is skipped too.
 */
function isPublicVideo(v: Obj, fallback: Obj): boolean {
  return (str(obj(v.status).privacyStatus) ?? str(obj(fallback.status).privacyStatus)) === 'public';
}

/**
 * A comment's author: YouTube gives only `authorDisplayName`, which is the channel's @handle
 * (`@brandsa`) since handles came in, or its title for some older channels. A handle goes in
 * `handle` (without the @) and leaves the name unknown, so storage keeps the channel's title that
 * a video read gave (videos carry `channelTitle`); never one in the other's place.
 */
function commentAuthor(s: Obj) {
  const display = str(s.authorDisplayName);
  const externalId = obj(s.authorChannelId).value;
  return display?.startsWith('@') ? { externalId, handle: display.slice(1) || null } : { externalId, name: display };
}

/** A channel's @handle without the @, from its `snippet.customUrl` (`@brandsa`). */
const channelHandle = (customUrl: unknown) => str(customUrl)?.replace(/^@/, '') || null;

function videoToPost(v: Obj, fallback: Obj, handle?: string | null): Post | Skip {
  if (!isPublicVideo(v, fallback))
    return { reason: 'not_public', detail: str(v.id) ?? str(obj(fallback.id).videoId) ?? str(obj(fallback.contentDetails).videoId) };
  const s = isObj(v.snippet) ? v.snippet : obj(fallback.snippet);
  const stats = obj(v.statistics);
  const id = str(v.id) ?? str(obj(fallback.id).videoId) ?? str(obj(fallback.contentDetails).videoId);
  const title = str(s.title) ?? '';
  const description = str(s.description) ?? '';
  const views = num(stats.viewCount);
  return toPost({
    streamId: YOUTUBE_STREAM,
    externalId: id,
    body: [title, description].filter(Boolean).join('\n\n'),
    postedAt: date(s.publishedAt),
    author: { externalId: s.channelId, name: s.channelTitle, ...(handle ? { handle } : {}) },
    link: id ? `https://www.youtube.com/watch?v=${id}` : null,
    mediaUrl: str(obj(obj(s.thumbnails).high).url) ?? null,
    likes: num(stats.likeCount),
    comments: num(stats.commentCount),
    views,
    language: str(s.defaultAudioLanguage) ?? str(s.defaultLanguage) ?? null,
  });
}

/** A comment (a thread's top one or a reply) from its snippet `s`; its link opens it under the video. */
function commentToPost(s: Obj, id: string | undefined, videoId: string | undefined, parentExternalId: string | null, replies?: number) {
  return toPost({
    streamId: YOUTUBE_STREAM,
    externalId: id,
    body: s.textOriginal ?? s.textDisplay,
    postedAt: date(s.publishedAt),
    author: commentAuthor(s),
    link: videoId && id ? `https://www.youtube.com/watch?v=${videoId}&lc=${id}` : null,
    parentExternalId,
    likes: num(s.likeCount),
    comments: replies,
  });
}

export function commentThreadToPost(t: Obj): Post | Skip {
  // isPublic false: the thread is visible only to some (e.g. held for the channel's review).
  if (obj(t.snippet).isPublic === false) return { reason: 'not_public', detail: str(t.id) };
  const top = obj(obj(t.snippet).topLevelComment);
  const s = obj(top.snippet);
  const videoId = str(obj(t.snippet).videoId) ?? str(s.videoId);
  return commentToPost(s, str(top.id) ?? str(t.id), videoId, videoId ?? null, num(obj(t.snippet).totalReplyCount));
}

/** The key names what a connector reads: a query, a channel, a video or a comment. */
abstract class YouTubeBase<C extends SweepCursor> extends HttpConnector<C, YouTubeConfig> {
  protected get(path: string, params: Record<string, string | undefined>): Promise<HttpResult> {
    const u = apiUrl(this.cfg.baseUrl, `/youtube/v3/${path}`);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
    const headers: Record<string, string> = {};
    if (this.cfg.apiKey) headers['x-goog-api-key'] = this.cfg.apiKey;
    if (this.cfg.accessToken) headers.authorization = `Bearer ${this.cfg.accessToken}`;
    return this.http.json({ url: u, headers, classify: classifyYouTube });
  }

  protected get pageSize(): string {
    return String(this.cfg.maxResults ?? 50);
  }

  /**
   * Files one page of a list answer. Each item's date moves the sweep's mark. An item the mark
   * has seen ends a newest-first list (`seen: 'stop'`), is passed over in a list in the API's own
   * order (`'skip'`), or is kept where the request already asked from the mark (`'keep'`). `file`
   * adds an item to the page; `complete`, when given, then finishes the page (videos.list) and
   * may fail it.
   */
  protected async sweepPage<K extends SweepCursor>(
    r: HttpResult,
    same: K,
    cursor: K | null,
    read: {
      postedAt: (o: Obj) => unknown;
      seen: 'stop' | 'skip' | 'keep';
      file: (it: unknown, b: PageBuilder) => void;
      complete?: (b: PageBuilder) => Promise<HttpResult | null>;
    },
  ): Promise<PageOutcome<K>> {
    if (!r.ok) return failedPage(same, r);
    const items = obj(r.body).items;
    if (!Array.isArray(items)) return malformedPage(same, 'no items array');
    const b = new PageBuilder();
    let newest: number | null = null;
    let reached = false;
    for (const it of items) {
      const t = date(read.postedAt(obj(it)))?.getTime();
      if (t !== undefined && read.seen !== 'keep' && !isNew(cursor, t)) {
        if (read.seen === 'skip') continue;
        reached = true;
        break;
      }
      if (t !== undefined) newest = maxMark(newest, t) as number | null;
      read.file(it, b);
    }
    const failed = read.complete ? await read.complete(b) : null;
    if (failed && !failed.ok) return failedPage(same, failed);
    const step = afterPage(cursor, newest, str(obj(r.body).nextPageToken) ?? null, reached);
    return { page: b.page(), cursor: { ...same, ...step.cursor }, next: step.next };
  }

  /** One page of comments (a video's threads or a comment's replies). */
  protected async commentPage(
    cursor: SweepCursor | null,
    path: string,
    params: Record<string, string>,
    postedAt: (o: Obj) => unknown,
    toPost: (it: Obj) => Post | Skip,
    seen: 'stop' | 'skip',
  ): Promise<PageOutcome<SweepCursor>> {
    const r = await this.get(path, { ...params, maxResults: String(this.cfg.maxResults ?? 100), pageToken: cursor?.page ?? undefined });
    const file = (it: unknown, b: PageBuilder) => b.add(isObj(it) ? toPost(it) : { reason: 'malformed_item' });
    return this.sweepPage(r, cursor ?? { mark: null, page: null, top: null }, cursor, { postedAt, seen, file });
  }

  /** Files a listed video by its id, to be completed by videos.list. */
  protected static listVideo(listed: { id: string; item: Obj }[], it: unknown, id: string | undefined, b: PageBuilder): void {
    if (!id || !isObj(it)) b.skip(isObj(it) ? 'missing_id' : 'malformed_item');
    else listed.push({ id, item: it });
  }

  /** Completes listed videos with videos.list (statistics and the untruncated snippet). */
  protected async videos(listed: { id: string; item: Obj }[], b: PageBuilder, handle?: string | null): Promise<HttpResult | null> {
    if (!listed.length) return null;
    // videos.list takes up to 50 ids and no maxResults with id (the API does not support the pair).
    const r = await this.get('videos', { part: 'statistics,snippet,status', id: listed.map((l) => l.id).join(',') });
    if (!r.ok) return r;
    const byId = new Map<string, Obj>();
    for (const v of Array.isArray(obj(r.body).items) ? (obj(r.body).items as unknown[]) : []) if (isObj(v) && str(v.id)) byId.set(String(v.id), v);
    for (const l of listed) b.add(videoToPost(byId.get(l.id) ?? {}, l.item, handle));
    return null;
  }
}

/** search.list (type=video, newest first, publishedAfter the last sweep's newest). */
export class YouTubeSearchConnector extends YouTubeBase<SweepCursor> {
  readonly name = 'youtube.search';
  private readonly q: string;
  constructor(cfg: YouTubeConfig & { q: string; key?: string }) {
    super(cfg, cfg.key ?? cfg.q);
    this.q = cfg.q;
  }
  async fetchPage(cursor: SweepCursor | null): Promise<PageOutcome<SweepCursor>> {
    const same = cursor ?? { mark: null, page: null, top: null };
    // publishedAfter is inclusive and to the second: ask from the second after the mark.
    const after = cursor?.mark != null ? new Date(Number(cursor.mark) + 1000).toISOString() : undefined;
    const r = await this.get('search', {
      part: 'snippet',
      q: this.q,
      type: 'video',
      order: 'date',
      maxResults: this.pageSize,
      publishedAfter: after,
      pageToken: cursor?.page ?? undefined,
    });
    const listed: { id: string; item: Obj }[] = [];
    return this.sweepPage(r, same, cursor, {
      postedAt: (o) => obj(o.snippet).publishedAt,
      seen: 'keep',
      file: (it, b) => YouTubeBase.listVideo(listed, it, isObj(it) ? str(obj(it.id).videoId) : undefined, b),
      complete: (b) => this.videos(listed, b),
    });
  }
}

export interface ChannelCursor extends SweepCursor {
  uploads: string | null;
  /** The channel's @handle (without @), read with the uploads playlist; its videos carry it (absent in cursors stored before it). */
  handle: string | null;
}

/**
 * channels.list (contentDetails for the uploads playlist, snippet for the @handle in customUrl;
 * one quota unit either way) → the uploads playlist → playlistItems.list, newest first.
 */
export class YouTubeChannelConnector extends YouTubeBase<ChannelCursor> {
  readonly name = 'youtube.channel';
  constructor(cfg: YouTubeConfig & { channelId: string }) {
    super(cfg, cfg.channelId);
  }
  async fetchPage(cursor: ChannelCursor | null): Promise<PageOutcome<ChannelCursor>> {
    const same: ChannelCursor = cursor ?? { mark: null, page: null, top: null, uploads: null, handle: null };
    let uploads = same.uploads;
    let handle = same.handle ?? null;
    if (!uploads) {
      const r = await this.get('channels', { part: 'contentDetails,snippet', id: this.key });
      if (!r.ok) return failedPage(same, r);
      // An id that names no channel is answered with no `items` at all (pageInfo.totalResults 0).
      const items = obj(r.body).items;
      if (!isObj(r.body) || (items !== undefined && !Array.isArray(items))) return malformedPage(same, 'no items array');
      const channel = obj(Array.isArray(items) ? items[0] : undefined);
      uploads = str(obj(obj(channel.contentDetails).relatedPlaylists).uploads) ?? null;
      handle = channelHandle(obj(channel.snippet).customUrl);
      if (!uploads)
        return { page: { posts: [], skipped: [{ reason: 'channel_not_found', detail: this.key }] }, cursor: same, next: 'stop', reason: 'channel_not_found' };
    }
    const withUploads = { ...same, uploads, handle };
    const r = await this.get('playlistItems', {
      part: 'snippet,contentDetails,status',
      playlistId: uploads,
      maxResults: this.pageSize,
      pageToken: cursor?.page ?? undefined,
    });
    const listed: { id: string; item: Obj }[] = [];
    return this.sweepPage(r, withUploads, cursor, {
      postedAt: (o) => obj(o.contentDetails).videoPublishedAt ?? obj(o.snippet).publishedAt,
      seen: 'stop',
      file: (it, b) => YouTubeBase.listVideo(listed, it, str(obj(obj(it).contentDetails).videoId) ?? str(obj(obj(obj(it).snippet).resourceId).videoId), b),
      complete: (b) => this.videos(listed, b, handle),
    });
  }
}

/** commentThreads.list for one video, newest first (order=time). */
export class YouTubeCommentsConnector extends YouTubeBase<SweepCursor> {
  readonly name = 'youtube.comments';
  constructor(cfg: YouTubeConfig & { videoId: string }) {
    super(cfg, cfg.videoId);
  }
  fetchPage(cursor: SweepCursor | null): Promise<PageOutcome<SweepCursor>> {
    const params = { part: 'snippet', videoId: this.key, order: 'time', textFormat: 'plainText' };
    const postedAt = (it: Obj) => obj(obj(obj(it.snippet).topLevelComment).snippet).publishedAt;
    return this.commentPage(cursor, 'commentThreads', params, postedAt, commentThreadToPost, 'stop');
  }
}

export function replyToPost(c: Obj, parentId: string): Post | Skip {
  const s = obj(c.snippet);
  return commentToPost(s, str(c.id), str(s.videoId), str(s.parentId) ?? parentId);
}

/**
 * comments.list?parentId= for one top-level comment: all its replies (a thread carries at most
 * five inline). The order is the API's own, so every page is read and filtered by the mark.
 */
export class YouTubeRepliesConnector extends YouTubeBase<SweepCursor> {
  readonly name = 'youtube.replies';
  constructor(cfg: YouTubeConfig & { commentId: string }) {
    super(cfg, cfg.commentId);
  }
  fetchPage(cursor: SweepCursor | null): Promise<PageOutcome<SweepCursor>> {
    const params = { part: 'snippet', parentId: this.key, textFormat: 'plainText' };
    return this.commentPage(
      cursor,
      'comments',
      params,
      (it) => obj(it.snippet).publishedAt,
      (it) => replyToPost(it, this.key),
      'skip',
    );
  }
}
