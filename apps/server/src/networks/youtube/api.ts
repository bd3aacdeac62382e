// YouTube Data API v3: keyword search, a channel's uploads, and a video's comment threads. Each
// page of videos is completed by one videos.list call (statistics, full description).
import type { Post } from '../../ingest/post.ts';
import { apiUrl, boundedMessage, HttpClient, type HttpResult, type Verdict } from '../../ingest/connectors/http.ts';
import { date, failedPage, isObj, malformedPage, num, obj, PageBuilder, str, toPost, type Obj } from '../../ingest/connectors/normalise.ts';
import { afterPage, isNew, maxMark, type SweepCursor } from '../../ingest/connectors/sweep.ts';
import type { Connector, PageOutcome, Skip } from '../../ingest/connectors/types.ts';

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

export function commentThreadToPost(t: Obj): Post | Skip {
  // isPublic false: the thread is visible only to some (e.g. held for the channel's review).
  if (obj(t.snippet).isPublic === false) return { reason: 'not_public', detail: str(t.id) };
  const top = obj(obj(t.snippet).topLevelComment);
  const s = obj(top.snippet);
  const videoId = str(obj(t.snippet).videoId) ?? str(s.videoId);
  const id = str(top.id) ?? str(t.id);
  return toPost({
    streamId: YOUTUBE_STREAM,
    externalId: id,
    body: s.textOriginal ?? s.textDisplay,
    postedAt: date(s.publishedAt),
    author: commentAuthor(s),
    link: videoId && id ? `https://www.youtube.com/watch?v=${videoId}&lc=${id}` : null,
    parentExternalId: videoId ?? null,
    likes: num(s.likeCount),
    comments: num(obj(t.snippet).totalReplyCount),
  });
}

abstract class YouTubeBase<C extends SweepCursor> implements Connector<C> {
  abstract readonly name: string;
  abstract readonly key: string;
  protected readonly http: HttpClient;
  constructor(protected readonly cfg: YouTubeConfig) {
    this.http = cfg.http ?? new HttpClient();
  }
  abstract fetchPage(cursor: C | null): Promise<PageOutcome<C>>;

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
  readonly key: string;
  private readonly q: string;
  constructor(cfg: YouTubeConfig & { q: string; key?: string }) {
    super(cfg);
    this.q = cfg.q;
    this.key = cfg.key ?? cfg.q;
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
    if (!r.ok) return failedPage(same, r);
    const items = obj(r.body).items;
    if (!Array.isArray(items)) return malformedPage(same, 'no items array');
    const b = new PageBuilder();
    const listed: { id: string; item: Obj }[] = [];
    let newest: number | null = null;
    for (const it of items) {
      const id = isObj(it) ? str(obj(it.id).videoId) : undefined;
      if (!id || !isObj(it)) b.skip(isObj(it) ? 'missing_id' : 'malformed_item');
      else listed.push({ id, item: it });
      const t = isObj(it) ? date(obj(it.snippet).publishedAt)?.getTime() : undefined;
      if (t !== undefined) newest = maxMark(newest, t) as number | null;
    }
    const failed = await this.videos(listed, b);
    if (failed && !failed.ok) return failedPage(same, failed);
    const step = afterPage(cursor, newest, str(obj(r.body).nextPageToken) ?? null, false);
    return { page: b.page(), ...step };
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
  readonly key: string;
  constructor(cfg: YouTubeConfig & { channelId: string }) {
    super(cfg);
    this.key = cfg.channelId;
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
    if (!r.ok) return failedPage(withUploads, r);
    const items = obj(r.body).items;
    if (!Array.isArray(items)) return malformedPage(withUploads, 'no items array');
    const b = new PageBuilder();
    const listed: { id: string; item: Obj }[] = [];
    let newest: number | null = null;
    let reached = false;
    for (const it of items) {
      const o = obj(it);
      const t = date(obj(o.contentDetails).videoPublishedAt ?? obj(o.snippet).publishedAt)?.getTime();
      if (t !== undefined && !isNew(cursor, t)) {
        reached = true;
        break;
      }
      if (t !== undefined) newest = maxMark(newest, t) as number | null;
      const id = str(obj(o.contentDetails).videoId) ?? str(obj(obj(o.snippet).resourceId).videoId);
      if (!id) b.skip(isObj(it) ? 'missing_id' : 'malformed_item');
      else listed.push({ id, item: o });
    }
    const failed = await this.videos(listed, b, handle);
    if (failed && !failed.ok) return failedPage(withUploads, failed);
    const step = afterPage(cursor, newest, str(obj(r.body).nextPageToken) ?? null, reached);
    return { page: b.page(), cursor: { ...step.cursor, uploads, handle }, next: step.next };
  }
}

/** commentThreads.list for one video, newest first (order=time). */
export class YouTubeCommentsConnector extends YouTubeBase<SweepCursor> {
  readonly name = 'youtube.comments';
  readonly key: string;
  constructor(cfg: YouTubeConfig & { videoId: string }) {
    super(cfg);
    this.key = cfg.videoId;
  }
  async fetchPage(cursor: SweepCursor | null): Promise<PageOutcome<SweepCursor>> {
    const same = cursor ?? { mark: null, page: null, top: null };
    const r = await this.get('commentThreads', {
      part: 'snippet',
      videoId: this.key,
      order: 'time',
      textFormat: 'plainText',
      maxResults: String(this.cfg.maxResults ?? 100),
      pageToken: cursor?.page ?? undefined,
    });
    if (!r.ok) return failedPage(same, r);
    const items = obj(r.body).items;
    if (!Array.isArray(items)) return malformedPage(same, 'no items array');
    const b = new PageBuilder();
    let newest: number | null = null;
    let reached = false;
    for (const it of items) {
      const t = date(obj(obj(obj(obj(it).snippet).topLevelComment).snippet).publishedAt)?.getTime();
      if (t !== undefined && !isNew(cursor, t)) {
        reached = true;
        break;
      }
      if (t !== undefined) newest = maxMark(newest, t) as number | null;
      b.add(isObj(it) ? commentThreadToPost(it) : { reason: 'malformed_item' });
    }
    return { page: b.page(), ...afterPage(cursor, newest, str(obj(r.body).nextPageToken) ?? null, reached) };
  }
}

export function replyToPost(c: Obj, parentId: string): Post | Skip {
  const s = obj(c.snippet);
  const id = str(c.id);
  const videoId = str(s.videoId);
  return toPost({
    streamId: YOUTUBE_STREAM,
    externalId: id,
    body: s.textOriginal ?? s.textDisplay,
    postedAt: date(s.publishedAt),
    author: commentAuthor(s),
    link: videoId && id ? `https://www.youtube.com/watch?v=${videoId}&lc=${id}` : null,
    parentExternalId: str(s.parentId) ?? parentId,
    likes: num(s.likeCount),
  });
}

/**
 * comments.list?parentId= for one top-level comment: all its replies (a thread carries at most
 * five inline). The order is the API's own, so every page is read and filtered by the mark.
 */
export class YouTubeRepliesConnector extends YouTubeBase<SweepCursor> {
  readonly name = 'youtube.replies';
  readonly key: string;
  constructor(cfg: YouTubeConfig & { commentId: string }) {
    super(cfg);
    this.key = cfg.commentId;
  }
  async fetchPage(cursor: SweepCursor | null): Promise<PageOutcome<SweepCursor>> {
    const same = cursor ?? { mark: null, page: null, top: null };
    const r = await this.get('comments', {
      part: 'snippet',
      parentId: this.key,
      textFormat: 'plainText',
      maxResults: String(this.cfg.maxResults ?? 100),
      pageToken: cursor?.page ?? undefined,
    });
    if (!r.ok) return failedPage(same, r);
    const items = obj(r.body).items;
    if (!Array.isArray(items)) return malformedPage(same, 'no items array');
    const b = new PageBuilder();
    let newest: number | null = null;
    for (const it of items) {
      const t = date(obj(obj(it).snippet).publishedAt)?.getTime();
      if (t !== undefined && !isNew(cursor, t)) continue;
      if (t !== undefined) newest = maxMark(newest, t) as number | null;
      b.add(isObj(it) ? replyToPost(it, this.key) : { reason: 'malformed_item' });
    }
    return { page: b.page(), ...afterPage(cursor, newest, str(obj(r.body).nextPageToken) ?? null, false) };
  }
}
