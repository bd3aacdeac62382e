// LinkedIn Community Management API (versioned /rest): an organisation's posts and a post's
// comments. Both page by start/count; posts come newest first and are read in sweeps; comments
// come in an order the API does not promise, so their cursor is the newest creation time read.
import type { Post } from '../../ingest/post.ts';
import { apiUrl, boundedMessage, HttpClient, type HttpResult, type Verdict, HttpConnector } from '../../ingest/connectors/http.ts';
import { failedPage, isObj, malformedPage, num, obj, PageBuilder, str, toPost, type Obj } from '../../ingest/connectors/normalise.ts';
import { afterPage, isNew, maxMark, type SweepCursor } from '../../ingest/connectors/sweep.ts';
import type { CursorValue, PageOutcome, Skip } from '../../ingest/connectors/types.ts';

export const LINKEDIN_STREAM = 11;

/**
 * LinkedIn serves each monthly version (LinkedIn-Version: YYYYMM) for about a year after its
 * release, then answers 426. Past this many months the version is close to that end.
 */
export const LINKEDIN_VERSION_WARN_MONTHS = 10;

export interface LinkedInConfig {
  /** e.g. https://api.linkedin.com */
  baseUrl: string;
  /** Member access token with r_organization_social; sent in a header, never logged. */
  accessToken: string;
  /** The LinkedIn-Version header, YYYYMM (e.g. 202607). */
  version: string;
  http?: HttpClient;
  count?: number;
}

/** Months between a LinkedIn-Version (YYYYMM, or YYYYMM.NN for a patch) and `now`; null when it is not one. */
export function linkedInVersionAgeMonths(version: string, now: Date): number | null {
  const m = /^(\d{4})(\d{2})(?:\.\d{2})?$/.exec(version.trim());
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return null;
  return now.getUTCFullYear() * 12 + now.getUTCMonth() - (Number(m[1]) * 12 + Number(m[2]) - 1);
}

/** A warning for the start of the server when the configured version is malformed or near its end; null when fine. */
export function linkedInVersionWarning(version: string, now: Date): string | null {
  const age = linkedInVersionAgeMonths(version, now);
  if (age === null) return `LINKEDIN_VERSION ${JSON.stringify(version)} is not a LinkedIn version (YYYYMM, e.g. 202607): LinkedIn will refuse every call`;
  if (age > LINKEDIN_VERSION_WARN_MONTHS)
    return `LINKEDIN_VERSION ${version} is ${age} months old; LinkedIn serves a version for about 12 months, then refuses it: set LINKEDIN_VERSION to a recent version (YYYYMM)`;
  return null;
}

/** What to tell the operator when LinkedIn no longer serves the configured version. */
export function linkedInVersionGone(version: string): string {
  return `LinkedIn no longer serves LinkedIn-Version ${version}: set LINKEDIN_VERSION to a version LinkedIn serves now (YYYYMM, the last 12 months)`;
}

export function classifyLinkedIn(status: number, body: unknown, version = '?'): Verdict {
  if (status === 429) return { kind: 'rate_limit', reason: 'rate_limited' };
  // LinkedIn's words are its `message`; its serviceErrorCode only when it says nothing else.
  const detail = boundedMessage(obj(body).message, str(obj(body).serviceErrorCode));
  if (status === 401) return { kind: 'stop', reason: 'unauthorized', detail };
  if (status === 403) return { kind: 'stop', reason: 'forbidden', detail };
  // 426 NONEXISTENT_VERSION ("Requested version 20240101 is not active"): the version was sunset.
  if (status === 426) return { kind: 'stop', reason: 'version_not_served', detail: linkedInVersionGone(version) };
  return null;
}

const ms = (v: unknown) => (typeof v === 'number' ? new Date(v) : undefined);

export function linkedInPostToPost(p: Obj, orgName: string | undefined): Post | Skip {
  if (str(p.lifecycleState) && p.lifecycleState !== 'PUBLISHED') return { reason: 'not_published', detail: str(p.id) };
  // visibility: PUBLIC, or CONNECTIONS / LOGGED_IN / CONTAINER (a group's): only PUBLIC is public.
  // feedDistribution NONE: a dark post, shown only as an ad to a chosen audience, not on the page.
  if (p.visibility !== 'PUBLIC' || obj(p.distribution).feedDistribution === 'NONE') return { reason: 'not_public', detail: str(p.id) };
  const id = str(p.id);
  return toPost({
    streamId: LINKEDIN_STREAM,
    externalId: id,
    body: p.commentary,
    postedAt: ms(p.publishedAt) ?? ms(p.createdAt),
    author: { externalId: p.author, name: orgName },
    link: id ? `https://www.linkedin.com/feed/update/${id}/` : null,
  });
}

export function linkedInCommentToPost(c: Obj, postUrn: string): Post | Skip {
  return toPost({
    streamId: LINKEDIN_STREAM,
    externalId: c.commentUrn ?? c.id,
    body: obj(c.message).text,
    postedAt: ms(obj(c.created).time),
    author: { externalId: c.actor },
    parentExternalId: postUrn,
    likes: num(obj(c.likesSummary).totalLikes),
    // Replies to this comment: the job reads them (socialActions/{commentUrn}/comments) when there are some.
    comments: num(obj(c.commentsSummary).totalFirstLevelComments),
  });
}

function get(cfg: LinkedInConfig, http: HttpClient, path: string, params: Record<string, string>): Promise<HttpResult> {
  const u = apiUrl(cfg.baseUrl, path);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  const headers = { authorization: `Bearer ${cfg.accessToken}`, 'linkedin-version': cfg.version, 'x-restli-protocol-version': '2.0.0' };
  return http.json({ url: u, headers, classify: (status, body) => classifyLinkedIn(status, body, cfg.version) });
}

/** GET /rest/posts?author={orgUrn}&q=author */
export class LinkedInPostsConnector extends HttpConnector<SweepCursor, LinkedInConfig & { orgUrn: string; orgName?: string }> {
  readonly name = 'linkedin.posts';
  constructor(cfg: LinkedInConfig & { orgUrn: string; orgName?: string }) {
    super(cfg, cfg.orgUrn);
  }
  async fetchPage(cursor: SweepCursor | null): Promise<PageOutcome<SweepCursor>> {
    const same = cursor ?? { mark: null, page: null, top: null };
    const count = this.cfg.count ?? 50;
    const start = Number(cursor?.page ?? 0);
    const r = await get(this.cfg, this.http, '/rest/posts', { author: this.key, q: 'author', count: String(count), start: String(start), sortBy: 'CREATED' });
    if (!r.ok) return failedPage(same, r);
    const elements = obj(r.body).elements;
    if (!Array.isArray(elements)) return malformedPage(same, 'no elements array');
    const b = new PageBuilder();
    let newest: number | null = null;
    let reached = false;
    for (const e of elements) {
      const t = num(obj(e).createdAt);
      if (t !== undefined && !isNew(cursor, t)) {
        reached = true;
        break;
      }
      if (t !== undefined) newest = maxMark(newest, t) as number | null;
      b.add(isObj(e) ? linkedInPostToPost(e, this.cfg.orgName) : { reason: 'malformed_item' });
    }
    const hasNext =
      elements.length >= count ||
      (Array.isArray(obj(obj(r.body).paging).links) && (obj(obj(r.body).paging).links as unknown[]).some((l) => obj(l).rel === 'next'));
    return { page: b.page(), ...afterPage(cursor, newest, hasNext && elements.length ? String(start + elements.length) : null, reached) };
  }
}

/**
 * Where the comments of a post were read up to, whatever order LinkedIn lists them in (the API
 * promises none): a pass reads the whole list by offset and keeps the comments created at or
 * after the mark that it has not delivered yet.
 */
export interface CommentsCursor extends CursorValue {
  /** Offset inside the current pass (0 between passes). */
  start: number;
  /** Newest creation time (epoch ms) delivered by the last finished pass; null before the first. */
  mark: number | null;
  /** Comment URNs created exactly at the mark, already delivered (space separated). */
  atMark: string;
  /** Newest creation time seen in the current pass, and the URNs created then. */
  top: number | null;
  topIds: string;
}

const idList = (s: string | undefined) => (s ? s.split(' ').filter(Boolean) : []);

/** GET /rest/socialActions/{postUrn}/comments: each pass reads the list and keeps what is new. */
export class LinkedInCommentsConnector extends HttpConnector<CommentsCursor, LinkedInConfig & { postUrn: string }> {
  readonly name = 'linkedin.comments';
  constructor(cfg: LinkedInConfig & { postUrn: string }) {
    super(cfg, cfg.postUrn);
  }
  async fetchPage(cursor: CommentsCursor | null): Promise<PageOutcome<CommentsCursor>> {
    // A cursor of the former shape ({start}: an offset in an oldest-first list) starts a new pass.
    const same: CommentsCursor = {
      start: cursor && 'mark' in cursor ? Number(cursor.start) || 0 : 0,
      mark: cursor && typeof cursor.mark === 'number' ? cursor.mark : null,
      atMark: cursor?.atMark ?? '',
      top: cursor && typeof cursor.top === 'number' ? cursor.top : null,
      topIds: cursor?.topIds ?? '',
    };
    const count = this.cfg.count ?? 50;
    const r = await get(this.cfg, this.http, `/rest/socialActions/${encodeURIComponent(this.key)}/comments`, {
      start: String(same.start),
      count: String(count),
    });
    if (!r.ok) return failedPage(same, r);
    const elements = obj(r.body).elements;
    if (!Array.isArray(elements)) return malformedPage(same, 'no elements array');
    const delivered = new Set(idList(same.atMark));
    let top = same.top;
    let topIds = idList(same.topIds);
    const b = new PageBuilder();
    for (const c of elements) {
      if (!isObj(c)) {
        b.skip('malformed_item');
        continue;
      }
      const t = num(obj(c.created).time);
      const id = str(c.commentUrn) ?? str(c.id);
      if (t !== undefined && same.mark !== null && (t < same.mark || (t === same.mark && id !== undefined && delivered.has(id)))) continue;
      const p = linkedInCommentToPost(c, this.key);
      b.add(p);
      if (t === undefined || 'reason' in p) continue;
      if (top === null || t > top) [top, topIds] = [t, [p.externalId]];
      else if (t === top && !topIds.includes(p.externalId)) topIds.push(p.externalId);
    }
    const links = obj(obj(r.body).paging).links;
    const hasNext = elements.length > 0 && (elements.length >= count || (Array.isArray(links) && links.some((l) => obj(l).rel === 'next')));
    if (hasNext) return { page: b.page(), cursor: { ...same, start: same.start + elements.length, top, topIds: topIds.join(' ') }, next: 'more' };
    // The pass is over: the mark moves to the newest comment it delivered.
    let { mark, atMark } = same;
    if (top !== null && (mark === null || top > mark)) [mark, atMark] = [top, topIds.join(' ')];
    else if (top !== null && top === mark) atMark = [...new Set([...idList(atMark), ...topIds])].join(' ');
    return { page: b.page(), cursor: { start: 0, mark, atMark, top: null, topIds: '' }, next: 'done' };
  }
}
