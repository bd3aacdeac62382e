// A local fake of the Facebook Graph API (versioned base): /{page-id}/feed (the page's posts and
// visitors' posts to it), /{page-id}/posts (the page's own only) and /{post-id}/comments with {data, paging:{cursors:{before,after}, next}}, `since`, the error
// envelope {error:{message,type,code,fbtrace_id}} and rate-limit answers (code 32 with usage header).
import { Faults, paginate, startFake, type FakeReply, type FakeRequest, type FakeServer } from '../../ingest/connectors/fakes/server.ts';

export const FB_VERSION = '/v18.0';
export type GraphItem = Record<string, unknown>;

/**
 * Eight page posts, newest first (ids 100_8 .. 100_1), each with one inline comment; with the
 * visibility fields the Post node documents (is_published, is_hidden, privacy) and, on comments,
 * is_hidden and is_private. The fake sends every top-level field whatever `fields` asks for, but
 * an inline comment only the fields the `comments…{…}` expansion names, as Graph does.
 */
export function fbPosts(): GraphItem[] {
  return Array.from({ length: 8 }, (_, i) => {
    const n = 8 - i;
    return {
      id: `100_${n}`,
      message: `page post ${n}`,
      created_time: `2024-01-10T10:0${n}:00+0000`,
      permalink_url: `https://www.facebook.com/100/posts/${n}`,
      from: { id: '100', name: 'Brand SA' },
      is_published: true,
      is_hidden: false,
      privacy: { value: 'EVERYONE', description: 'Public', friends: '', allow: '', deny: '' },
      shares: { count: n },
      reactions: { data: [], summary: { total_count: n * 3, viewer_reaction: 'NONE' } },
      comments: {
        data: [
          {
            id: `100_${n}_c1`,
            message: `first comment on ${n}`,
            created_time: `2024-01-10T11:0${n}:00+0000`,
            from: { id: '555', name: 'Sipho' },
            like_count: n + 1,
            comment_count: 1,
            permalink_url: `https://www.facebook.com/100/posts/${n}?comment_id=c1`,
            is_hidden: false,
            is_private: false,
          },
        ],
        paging: { cursors: { before: 'b', after: 'a' } },
        summary: { order: 'ranked', total_count: 1, can_comment: true },
      },
    };
  });
}

/** A visitor's post to page 100 (what /feed lists and /posts does not), with no inline comments. */
export function fbVisitorPost(n: number, minute: number): GraphItem {
  return {
    id: `100_v${n}`,
    message: `visitor post ${n}: my order never arrived`,
    created_time: `2024-01-10T10:${String(minute).padStart(2, '0')}:30+0000`,
    permalink_url: `https://www.facebook.com/100/posts/v${n}`,
    from: { id: `77${n}`, name: `Visitor ${n}` },
    privacy: { value: 'EVERYONE', description: 'Public', friends: '', allow: '', deny: '' },
    reactions: { data: [], summary: { total_count: 0, viewer_reaction: 'NONE' } },
    comments: { data: [], summary: { order: 'ranked', total_count: 0, can_comment: true } },
  };
}

/** Five comments on one post, oldest first; the second has no `from` (a person who hasn't authorised the app). */
export function fbComments(): GraphItem[] {
  return Array.from({ length: 5 }, (_, i) => ({
    id: `100_8_${i + 1}`,
    message: `comment ${i + 1}`,
    created_time: `2024-01-10T12:0${i}:00+0000`,
    like_count: i,
    comment_count: 0,
    is_hidden: false,
    is_private: false,
    ...(i === 1 ? {} : { from: { id: `60${i}`, name: `Person ${i}` } }),
  }));
}

export interface FbFakeOptions {
  token: string;
  posts?: GraphItem[];
  comments?: GraphItem[];
  faults?: Record<string, FakeReply[]>;
  /** The page's followers_count (GET /{page-id}?fields=followers_count). */
  followers?: number;
}

/** A Graph list page: {data, paging:{cursors:{before,after}, next}} with offset cursors. */
export function graphListReply(list: GraphItem[], req: FakeRequest): FakeReply {
  const { slice, next } = paginate(list, Number(req.query.get('limit') ?? 25), req.query.get('after'));
  const nextUrl = next ? `https://graph.facebook.com${req.path}?after=${next}&limit=${req.query.get('limit')}` : undefined;
  const paging = slice.length ? { cursors: { before: 'p0', after: next ?? `p${list.length}` }, ...(nextUrl ? { next: nextUrl } : {}) } : undefined;
  return { json: { data: slice, ...(paging ? { paging } : {}) } };
}

/** A post with its inline comments cut to the fields `comments.summary(true){a,b,…}` asks for. */
function withInlineFields(p: GraphItem, fields: string | null): GraphItem {
  const asked = /comments(?:\.[a-z]+\([^)]*\))*\{([^}]*)\}/.exec(fields ?? '')?.[1].split(',');
  const inline = p.comments as { data?: GraphItem[] } | undefined;
  if (!asked || !inline?.data) return p;
  const data = inline.data.map((c) => Object.fromEntries(Object.entries(c).filter(([k]) => asked.includes(k))));
  return { ...p, comments: { ...inline, data } };
}

const unixOf = (t: unknown) => Date.parse(String(t).replace(/(\d{2})(\d{2})$/, '$1:$2')) / 1000;

export async function startFacebookFake(opts: FbFakeOptions): Promise<FakeServer & { posts: GraphItem[]; comments: GraphItem[] }> {
  const posts = opts.posts ?? fbPosts();
  const comments = opts.comments ?? fbComments();
  const faults = new Faults(opts.faults);
  const server = await startFake((req) => {
    if (req.headers.authorization !== `Bearer ${opts.token}`)
      return {
        status: 400,
        json: { error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id: 'AbC' } },
      };
    const node = new RegExp(`^${FB_VERSION}/([^/]+)$`).exec(req.path);
    if (node) {
      const fields = (req.query.get('fields') ?? '').split(',');
      return { json: { id: node[1], ...(fields.includes('followers_count') ? { followers_count: opts.followers ?? 412_000 } : {}) } };
    }
    const m = new RegExp(`^${FB_VERSION}/([^/]+)/(feed|posts|comments)$`).exec(req.path);
    if (!m) return { status: 400, json: { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500, fbtrace_id: 'AbC' } } };
    const after = req.query.get('after');
    const fault = faults.take(`${m[2]}:${after ?? 'first'}`);
    if (fault) return fault;
    const since = Number(req.query.get('since') ?? 0);
    const own = (p: GraphItem) => m[2] === 'feed' || (p.from as { id?: string } | undefined)?.id === m[1];
    const list = m[2] === 'comments' ? comments : posts.filter((p) => own(p) && unixOf(p.created_time) >= since);
    return graphListReply(m[2] === 'comments' ? list : list.map((p) => withInlineFields(p, req.query.get('fields'))), req);
  });
  return { ...server, posts, comments };
}

export const fbRateLimit = (minutes: number): FakeReply => ({
  status: 400,
  headers: {
    'x-business-use-case-usage': JSON.stringify({
      '100': [{ type: 'pages', call_count: 100, total_cputime: 25, total_time: 25, estimated_time_to_regain_access: minutes }],
    }),
  },
  json: { error: { message: '(#32) Page request limit reached', type: 'OAuthException', code: 32, fbtrace_id: 'AbC' } },
});

export const fbAppRateLimit: FakeReply = {
  status: 400,
  json: { error: { message: '(#4) Application request limit reached', type: 'OAuthException', is_transient: true, code: 4, fbtrace_id: 'AbC' } },
};
