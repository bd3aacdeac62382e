// LinkedIn Community Management API (versioned /rest): an organisation's posts and a post's
// comments. Both page by start/count; posts come newest first and are read in sweeps.
import type { Post } from '../post.ts';
import { apiUrl, HttpClient, type HttpResult, type Verdict } from './http.ts';
import { failedPage, isObj, malformedPage, num, obj, PageBuilder, str, toPost, type Obj } from './normalise.ts';
import { afterPage, isNew, maxMark, type SweepCursor } from './sweep.ts';
import type { Connector, CursorValue, PageOutcome, Skip } from './types.ts';

export const LINKEDIN_STREAM = 11;

export interface LinkedInConfig {
  /** e.g. https://api.linkedin.com */
  baseUrl: string;
  /** Member access token with r_organization_social; sent in a header, never logged. */
  accessToken: string;
  /** The LinkedIn-Version header, YYYYMM (e.g. 202401). */
  version: string;
  http?: HttpClient;
  count?: number;
}

export function classifyLinkedIn(status: number, body: unknown): Verdict {
  if (status === 429) return { kind: 'rate_limit', reason: 'rate_limited' };
  if (status === 401) return { kind: 'stop', reason: 'unauthorized', detail: str(obj(body).serviceErrorCode) };
  if (status === 403) return { kind: 'stop', reason: 'forbidden', detail: str(obj(body).serviceErrorCode) };
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
  });
}

function get(cfg: LinkedInConfig, http: HttpClient, path: string, params: Record<string, string>): Promise<HttpResult> {
  const u = apiUrl(cfg.baseUrl, path);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  const headers = { authorization: `Bearer ${cfg.accessToken}`, 'linkedin-version': cfg.version, 'x-restli-protocol-version': '2.0.0' };
  return http.json({ url: u, headers, classify: classifyLinkedIn });
}

/** GET /rest/posts?author={orgUrn}&q=author */
export class LinkedInPostsConnector implements Connector<SweepCursor> {
  readonly name = 'linkedin.posts';
  readonly key: string;
  private readonly http: HttpClient;
  constructor(private readonly cfg: LinkedInConfig & { orgUrn: string; orgName?: string }) {
    this.key = cfg.orgUrn;
    this.http = cfg.http ?? new HttpClient();
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

export interface OffsetCursor extends CursorValue {
  start: number;
}

/** GET /rest/socialActions/{postUrn}/comments, oldest first; resumes after the last one read. */
export class LinkedInCommentsConnector implements Connector<OffsetCursor> {
  readonly name = 'linkedin.comments';
  readonly key: string;
  private readonly http: HttpClient;
  constructor(private readonly cfg: LinkedInConfig & { postUrn: string }) {
    this.key = cfg.postUrn;
    this.http = cfg.http ?? new HttpClient();
  }
  async fetchPage(cursor: OffsetCursor | null): Promise<PageOutcome<OffsetCursor>> {
    const same = cursor ?? { start: 0 };
    const count = this.cfg.count ?? 50;
    const r = await get(this.cfg, this.http, `/rest/socialActions/${encodeURIComponent(this.key)}/comments`, {
      start: String(same.start),
      count: String(count),
    });
    if (!r.ok) return failedPage(same, r);
    const elements = obj(r.body).elements;
    if (!Array.isArray(elements)) return malformedPage(same, 'no elements array');
    const b = new PageBuilder();
    for (const c of elements) b.add(isObj(c) ? linkedInCommentToPost(c, this.key) : { reason: 'malformed_item' });
    return { page: b.page(), cursor: { start: same.start + elements.length }, next: elements.length >= count ? 'more' : 'done' };
  }
}
