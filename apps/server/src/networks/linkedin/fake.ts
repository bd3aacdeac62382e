// A local fake of LinkedIn's versioned REST API: /rest/posts?q=author and
// /rest/socialActions/{urn}/comments with {elements, paging:{start,count,links}}, and the
// organisation's follower count, /rest/networkSizes/{urn}?edgeType=COMPANY_FOLLOWED_BY_MEMBER
// with {firstDegreeSize} (the follower-snapshot job). Like the real
// API it serves only the monthly versions of the last year: any other LinkedIn-Version header
// gets 426 NONEXISTENT_VERSION. Comments can be listed newest or oldest first (the API promises
// no order).
import { Faults, startFake, type FakeReply, type FakeServer } from '../../ingest/connectors/fakes/server.ts';

export const ORG = 'urn:li:organization:5515715';
export type LiItem = Record<string, unknown>;

/** Seven organisation posts, newest first. */
export function liPosts(): LiItem[] {
  return Array.from({ length: 7 }, (_, i) => {
    const n = 7 - i;
    const t = Date.UTC(2024, 0, 10, 9, n);
    return {
      id: `urn:li:share:70${n}`,
      author: ORG,
      commentary: `org post ${n}`,
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      createdAt: t,
      publishedAt: t,
      lastModifiedAt: t,
      distribution: { feedDistribution: 'MAIN_FEED' },
    };
  });
}

export function liComments(postUrn: string): LiItem[] {
  return Array.from({ length: 5 }, (_, i) => ({
    id: `${i + 1}`,
    commentUrn: `urn:li:comment:(${postUrn},${i + 1})`,
    actor: `urn:li:person:p${i + 1}`,
    object: postUrn,
    message: { text: `well said ${i + 1}`, attributes: [] },
    created: { actor: `urn:li:person:p${i + 1}`, time: Date.UTC(2024, 0, 10, 11, i) },
    likesSummary: { totalLikes: i },
  }));
}

/** The versions LinkedIn serves in November 2026: the twelve months up to it (YYYYMM). */
export const LI_SERVED = { oldest: '202512', newest: '202611' };

export interface LiFakeOptions {
  token: string;
  posts?: LiItem[];
  /** Comments, oldest first; `commentOrder: 'newest'` lists them the other way round. */
  comments?: LiItem[];
  commentOrder?: 'oldest' | 'newest';
  served?: { oldest: string; newest: string };
  /** The organisation's followers (networkSizes); 12,345 by default. */
  followers?: number;
  faults?: Record<string, FakeReply[]>;
}

export async function startLinkedInFake(opts: LiFakeOptions) {
  const posts = opts.posts ?? liPosts();
  const comments = opts.comments ?? liComments('urn:li:share:707');
  const faults = new Faults(opts.faults);
  const server: FakeServer = await startFake((req) => {
    if (req.headers.authorization !== `Bearer ${opts.token}`)
      return { status: 401, json: { status: 401, serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' } };
    const version = String(req.headers['linkedin-version'] ?? '');
    const served = opts.served ?? LI_SERVED;
    if (!/^\d{6}$/.test(version) || version < served.oldest || version > served.newest)
      return { status: 426, json: { status: 426, code: 'NONEXISTENT_VERSION', message: `Requested version ${version}01 is not active` } };
    const size = /^\/rest\/networkSizes\/([^/]+)$/.exec(req.path);
    if (size) {
      if (decodeURIComponent(size[1]) !== ORG) return { status: 404, json: { status: 404, message: 'Not found' } };
      if (req.query.get('edgeType') !== 'COMPANY_FOLLOWED_BY_MEMBER') return { status: 400, json: { status: 400, message: 'bad edgeType' } };
      return faults.take('networkSizes') ?? { json: { firstDegreeSize: opts.followers ?? 12_345 } };
    }
    const start = Number(req.query.get('start') ?? 0);
    const count = Number(req.query.get('count') ?? 10);
    const kind = req.path === '/rest/posts' ? 'posts' : /^\/rest\/socialActions\/[^/]+\/comments$/.test(req.path) ? 'comments' : null;
    if (!kind) return { status: 404, json: { status: 404, message: 'Not found' } };
    const fault = faults.take(`${kind}:${start}`);
    if (fault) return fault;
    if (kind === 'posts' && (req.query.get('q') !== 'author' || req.query.get('author') !== ORG))
      return { status: 400, json: { status: 400, message: 'bad finder' } };
    const list = kind === 'posts' ? posts : opts.commentOrder === 'newest' ? [...comments].reverse() : comments;
    const elements = list.slice(start, start + count);
    const links = start + count < list.length ? [{ type: 'application/json', rel: 'next', href: `${req.path}?start=${start + count}&count=${count}` }] : [];
    return { json: { paging: { start, count, links, ...(kind === 'comments' ? { total: list.length } : {}) }, elements } };
  });
  return { ...server, posts, comments };
}
