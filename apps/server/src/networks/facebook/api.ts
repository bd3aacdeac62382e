// Facebook Graph API: a page's feed (the page's own posts and visitors' posts to it, newest first,
// read in sweeps bounded by `since`), with the first comments inline, and all comments and
// replies of one post (chronological, resumed from the end).
import type { Post } from '../../ingest/post.ts';
import { classifyGraph, graphCommentsPage, graphGet, readGraphList, type TailCursor } from '../meta-graph.ts';
import { apiUrl, HttpClient, HttpConnector } from '../../ingest/connectors/http.ts';
import { date, failedPage, isObj, malformedPage, num, obj, PageBuilder, str, toPost, type Obj } from '../../ingest/connectors/normalise.ts';
import { afterPage, maxMark, type SweepCursor } from '../../ingest/connectors/sweep.ts';
import type { PageOutcome, Skip } from '../../ingest/connectors/types.ts';

export const FACEBOOK_STREAM = 8;
export { classifyGraph };

export interface FacebookConfig {
  /** Versioned Graph base, e.g. https://graph.facebook.com/v18.0 */
  baseUrl: string;
  /** Page access token; sent in the Authorization header, never logged. */
  accessToken: string;
  http?: HttpClient;
  /** Items a page (Graph caps it at 100). */
  limit?: number;
}

// is_published, is_hidden and privacy (on posts) and is_hidden, is_private (on comments) tell what
// only the page's admins see, which a page token lists too: such items are skipped (not_public).
// Inline comments ask for the same fields as the comments connector (less parent: they answer the
// post), so a post read again never writes an inline comment without its link or counts.
const INLINE_COMMENT_FIELDS = 'id,message,created_time,from,like_count,comment_count,permalink_url,is_hidden,is_private';
const POST_FIELDS = `id,message,created_time,permalink_url,from,shares,reactions.summary(true),comments.summary(true){${INLINE_COMMENT_FIELDS}},is_published,is_hidden,privacy`;
// parent: a reply names the comment it answers (filter=stream lists replies among the comments).
const COMMENT_FIELDS = 'id,message,created_time,from,like_count,comment_count,permalink_url,is_hidden,is_private,parent{id}';

/** Page posts are public when published, not hidden, and shared with everyone ('' on most page posts). */
function fbPostIsPublic(p: Obj): boolean {
  const privacy = str(obj(p.privacy).value);
  return p.is_published !== false && p.is_hidden !== true && (privacy === undefined || privacy === 'EVERYONE');
}
const fbCommentIsPublic = (c: Obj) => c.is_hidden !== true && c.is_private !== true;

/** Graph leaves `from` out of comments by people who haven't authorised the app; keep the comment. */
const ANONYMOUS = { externalId: 'anonymous', name: 'Facebook user' };

export function fbCommentToPost(c: Obj, parentId: string | undefined): Post | Skip {
  if (!fbCommentIsPublic(c)) return { reason: 'not_public', detail: str(c.id) };
  const from = obj(c.from);
  // A reply answers a comment; a top-level comment answers the post.
  parentId = str(obj(c.parent).id) ?? parentId;
  return toPost({
    streamId: FACEBOOK_STREAM,
    externalId: c.id,
    body: c.message,
    postedAt: date(c.created_time),
    author: str(from.id) ? { externalId: from.id, name: from.name } : ANONYMOUS,
    link: str(c.permalink_url) ?? null,
    parentExternalId: parentId ?? null,
    likes: num(c.like_count),
    comments: num(c.comment_count),
  });
}

export function fbPostToPost(p: Obj): Post | Skip {
  if (!fbPostIsPublic(p)) return { reason: 'not_public', detail: str(p.id) };
  const from = obj(p.from);
  return toPost({
    streamId: FACEBOOK_STREAM,
    externalId: p.id,
    body: p.message,
    postedAt: date(p.created_time),
    author: { externalId: from.id, name: from.name },
    link: str(p.permalink_url) ?? null,
    likes: num(obj(obj(p.reactions).summary).total_count),
    comments: num(obj(obj(p.comments).summary).total_count),
    shares: num(obj(p.shares).count) ?? 0,
  });
}

const timeOf = (item: Obj) => {
  const t = date(item.created_time)?.getTime();
  return t === undefined ? null : Math.floor(t / 1000);
};

/**
 * GET /{page-id}/feed: the page's own posts and what visitors post to the page (earned mentions);
 * /posts would list the page's own only. Which is which is decided later from `from` (a post by
 * the linked page is Owned, ingest/brand.ts).
 */
export class FacebookPageConnector extends HttpConnector<SweepCursor, FacebookConfig & { pageId: string }> {
  readonly name = 'facebook.page';
  constructor(cfg: FacebookConfig & { pageId: string }) {
    super(cfg, cfg.pageId);
  }

  async fetchPage(cursor: SweepCursor | null): Promise<PageOutcome<SweepCursor>> {
    const same = cursor ?? { mark: null, page: null, top: null };
    const u = apiUrl(this.cfg.baseUrl, `/${encodeURIComponent(this.key)}/feed`);
    u.searchParams.set('fields', POST_FIELDS);
    u.searchParams.set('limit', String(this.cfg.limit ?? 50));
    // The mark is the newest post's second; since is inclusive, so ask from the next second.
    if (cursor?.mark != null) u.searchParams.set('since', String(Number(cursor.mark) + 1));
    if (cursor?.page) u.searchParams.set('after', cursor.page);
    const r = await graphGet(this.http, u, this.cfg.accessToken);
    if (!r.ok) return failedPage(same, r);
    const list = readGraphList(r.body);
    if (!list) return malformedPage(same, 'no data array');
    const b = new PageBuilder();
    let newest: number | null = null;
    for (const item of list.items) {
      if (!isObj(item)) {
        b.skip('malformed_item');
        continue;
      }
      const post = fbPostToPost(item);
      b.add(post);
      if ('externalId' in post) newest = maxMark(newest, Math.floor(post.postedAt.getTime() / 1000)) as number | null;
      // The sweep's mark still moves past a post that is not public (its date is the page's order).
      else if (post.reason === 'not_public') newest = maxMark(newest, timeOf(item)) as number | null;
      // The first comments come inline; the comments connector reads the rest of a thread. The
      // comments of a post that is not public are not public either.
      const inline = obj(item.comments).data;
      const open = fbPostIsPublic(item);
      if (Array.isArray(inline))
        for (const c of inline)
          b.add(!isObj(c) ? { reason: 'malformed_item' } : open ? fbCommentToPost(c, str(item.id)) : { reason: 'not_public', detail: str(c.id) });
    }
    const { cursor: next, next: go } = afterPage(cursor, newest, list.hasNext ? list.after : null, false);
    return { page: b.page(), cursor: next, next: go };
  }
}

/**
 * GET /{post-id}/comments?filter=stream&order=chronological: every comment and every reply of a
 * post in one list, oldest first; at the end the cursor stays there for new ones.
 */
export class FacebookCommentsConnector extends HttpConnector<TailCursor, FacebookConfig & { postId: string }> {
  readonly name = 'facebook.comments';
  constructor(cfg: FacebookConfig & { postId: string }) {
    super(cfg, cfg.postId);
  }

  fetchPage(cursor: TailCursor | null): Promise<PageOutcome<TailCursor>> {
    const query = { fields: COMMENT_FIELDS, filter: 'stream', order: 'chronological', limit: String(this.cfg.limit ?? 100) };
    const cfg = { baseUrl: this.cfg.baseUrl, accessToken: this.cfg.accessToken, objectId: this.key, query };
    return graphCommentsPage(this.http, cfg, cursor, (c, b) => b.add(fbCommentToPost(c, this.key)));
  }
}
