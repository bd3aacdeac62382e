// Instagram Graph API: a business account's media, a media's comments with their replies, and hashtag search
// (ig_hashtag_search, then recent_media). Media lists are newest first and take no `since`, so a
// sweep stops at the first item the last sweep had already seen.
import type { Post } from '../../ingest/post.ts';
import { graphCommentsPage, graphGet, readGraphList, type TailCursor } from '../meta-graph.ts';
import { apiUrl, HttpClient, HttpConnector } from '../../ingest/connectors/http.ts';
import { date, failedPage, isObj, malformedPage, num, obj, PageBuilder, str, toPost, type Obj } from '../../ingest/connectors/normalise.ts';
import { afterPage, isNew, maxMark, type SweepCursor } from '../../ingest/connectors/sweep.ts';
import type { PageOutcome, Skip } from '../../ingest/connectors/types.ts';

export const INSTAGRAM_STREAM = 9;

export interface InstagramConfig {
  /** Versioned Graph base, e.g. https://graph.facebook.com/v18.0 */
  baseUrl: string;
  /** Access token of the linked business account; sent in a header, never logged. */
  accessToken: string;
  /** The Instagram business account (ig-user-id) the calls are made as. */
  igUserId: string;
  http?: HttpClient;
  limit?: number;
}

const MEDIA_FIELDS = 'id,caption,timestamp,permalink,media_url,like_count,comments_count,username';
// Hashtag media carry no owner fields: the API does not disclose who posted them.
const HASHTAG_MEDIA_FIELDS = 'id,caption,timestamp,permalink,media_url,like_count,comments_count';
// `hidden`: the account hid the comment (only it and the commenter see it): skipped (not_public).
// Media of business and creator accounts are public; the API names no visibility for them.
const REPLY_FIELDS = 'id,text,timestamp,username,like_count,hidden';
// Replies come inline with each comment (its `replies` edge, expanded, up to 100 a comment).
const COMMENT_FIELDS = `${REPLY_FIELDS},replies.limit(100){${REPLY_FIELDS}}`;

export function igMediaToPost(m: Obj, owner: { id: string; username?: string } | null): Post | Skip {
  const username = str(m.username) ?? owner?.username;
  return toPost({
    streamId: INSTAGRAM_STREAM,
    externalId: m.id,
    body: m.caption,
    postedAt: date(m.timestamp),
    author: owner ? { externalId: owner.id, name: username, handle: username ?? null } : { externalId: 'unknown', name: 'Instagram user' },
    link: str(m.permalink) ?? null,
    mediaUrl: str(m.media_url) ?? null,
    likes: num(m.like_count),
    comments: num(m.comments_count),
  });
}

export function igCommentToPost(c: Obj, mediaId: string): Post | Skip {
  if (c.hidden === true) return { reason: 'not_public', detail: str(c.id) };
  // Comments name the commenter by username only; it is the stable id the API gives.
  return toPost({
    streamId: INSTAGRAM_STREAM,
    externalId: c.id,
    body: c.text,
    postedAt: date(c.timestamp),
    author: { externalId: c.username, name: c.username, handle: str(c.username) ?? null },
    parentExternalId: mediaId,
    likes: num(c.like_count),
  });
}

/** Reads a newest-first media page into a sweep step. */
async function mediaSweep<C extends SweepCursor>(
  http: HttpClient,
  token: string,
  u: URL,
  cursor: C | null,
  same: C,
  toItem: (m: Obj) => Post | Skip,
  extend: (c: SweepCursor) => C,
): Promise<PageOutcome<C>> {
  if (cursor?.page) u.searchParams.set('after', cursor.page);
  const r = await graphGet(http, u, token);
  if (!r.ok) return failedPage(same, r);
  const list = readGraphList(r.body);
  if (!list) return malformedPage(same, 'no data array');
  const b = new PageBuilder();
  let newest: number | null = null;
  let reached = false;
  for (const m of list.items) {
    const t = isObj(m) ? date(m.timestamp)?.getTime() : undefined;
    if (t !== undefined && !isNew(cursor, t)) {
      reached = true;
      break;
    }
    if (t !== undefined) newest = maxMark(newest, t) as number | null;
    b.add(isObj(m) ? toItem(m) : { reason: 'malformed_item' });
  }
  const step = afterPage(cursor, newest, list.hasNext ? list.after : null, reached);
  return { page: b.page(), cursor: extend(step.cursor), next: step.next };
}

/** GET /{ig-user-id}/media */
export class InstagramMediaConnector extends HttpConnector<SweepCursor, InstagramConfig> {
  readonly name = 'instagram.media';
  constructor(cfg: InstagramConfig) {
    super(cfg, cfg.igUserId);
  }
  fetchPage(cursor: SweepCursor | null): Promise<PageOutcome<SweepCursor>> {
    const u = apiUrl(this.cfg.baseUrl, `/${encodeURIComponent(this.cfg.igUserId)}/media`);
    u.searchParams.set('fields', MEDIA_FIELDS);
    u.searchParams.set('limit', String(this.cfg.limit ?? 50));
    const owner = { id: this.cfg.igUserId };
    return mediaSweep(
      this.http,
      this.cfg.accessToken,
      u,
      cursor,
      cursor ?? { mark: null, page: null, top: null },
      (m) => igMediaToPost(m, owner),
      (c) => c,
    );
  }
}

/** GET /{media-id}/comments with each comment's replies, resumed from the end of the list. */
export class InstagramCommentsConnector extends HttpConnector<TailCursor, InstagramConfig & { mediaId: string }> {
  readonly name = 'instagram.comments';
  constructor(cfg: InstagramConfig & { mediaId: string }) {
    super(cfg, cfg.mediaId);
  }
  fetchPage(cursor: TailCursor | null): Promise<PageOutcome<TailCursor>> {
    const query = { fields: COMMENT_FIELDS, limit: String(this.cfg.limit ?? 50) };
    const cfg = { baseUrl: this.cfg.baseUrl, accessToken: this.cfg.accessToken, objectId: this.key, query };
    return graphCommentsPage(this.http, cfg, cursor, (c, b) => {
      b.add(igCommentToPost(c, this.key));
      // The replies of a hidden comment are hidden with it.
      const replies = obj(c.replies).data;
      if (Array.isArray(replies))
        for (const rep of replies)
          b.add(
            !isObj(rep)
              ? { reason: 'malformed_item' }
              : c.hidden === true
                ? { reason: 'not_public', detail: str(rep.id) }
                : igCommentToPost(rep, str(c.id) ?? this.key),
          );
    });
  }
}

/** A hashtag as the API looks it up: without the # and in lower case. */
const tagOf = (hashtag: string) => hashtag.replace(/^#/, '').toLowerCase();

export interface HashtagCursor extends SweepCursor {
  /** Looked up once and kept: each lookup counts against 30 hashtags a week per account. */
  hashtagId: string | null;
}

/** GET /ig_hashtag_search?user_id=&q=, then GET /{hashtag-id}/recent_media?user_id= */
export class InstagramHashtagConnector extends HttpConnector<HashtagCursor, InstagramConfig & { hashtag: string }> {
  readonly name = 'instagram.hashtag';
  private readonly tag: string;
  constructor(cfg: InstagramConfig & { hashtag: string }) {
    super(cfg, `${cfg.igUserId}:${tagOf(cfg.hashtag)}`);
    this.tag = tagOf(cfg.hashtag);
  }
  async fetchPage(cursor: HashtagCursor | null): Promise<PageOutcome<HashtagCursor>> {
    const same: HashtagCursor = cursor ?? { mark: null, page: null, top: null, hashtagId: null };
    let hashtagId = same.hashtagId;
    if (!hashtagId) {
      const u = apiUrl(this.cfg.baseUrl, '/ig_hashtag_search');
      u.searchParams.set('user_id', this.cfg.igUserId);
      u.searchParams.set('q', this.tag);
      const r = await graphGet(this.http, u, this.cfg.accessToken);
      if (!r.ok) return failedPage(same, r);
      const list = readGraphList(r.body);
      if (!list) return malformedPage(same, 'no data array');
      hashtagId = str(obj(list.items[0]).id) ?? null;
      if (!hashtagId)
        return { page: { posts: [], skipped: [{ reason: 'hashtag_not_found', detail: this.tag }] }, cursor: same, next: 'stop', reason: 'hashtag_not_found' };
    }
    const u = apiUrl(this.cfg.baseUrl, `/${encodeURIComponent(hashtagId)}/recent_media`);
    u.searchParams.set('user_id', this.cfg.igUserId);
    u.searchParams.set('fields', HASHTAG_MEDIA_FIELDS);
    u.searchParams.set('limit', String(this.cfg.limit ?? 50));
    const id = hashtagId;
    return mediaSweep(
      this.http,
      this.cfg.accessToken,
      u,
      cursor,
      { ...same, hashtagId: id },
      (m) => igMediaToPost(m, null),
      (c) => ({ ...c, hashtagId: id }),
    );
  }
}
