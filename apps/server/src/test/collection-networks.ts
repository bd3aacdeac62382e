// One fake of every linked network's documented answers (Facebook, Instagram, YouTube, LinkedIn,
// TikTok), recording each item it serves: the collection schedule's test (jobs/collection.test.ts)
// compares what was stored with it, and the collection bench (bench/collection.ts) sweeps it with
// one network rate-limited.
import { setProfileToken } from '../crypto/profile-tokens.ts';
import type { TokenKeyring } from '../crypto/tokens.ts';
import type { Db } from '../db/connection.ts';
import { startFake, type FakeReply, type FakeRequest, type FakeServer } from '../ingest/connectors/fakes/server.ts';
import { invalidateRules } from '../ingest/rules.ts';
import { seedProject, type SeededProject } from '../ingest/testing.ts';

export const IG = '17841400000000001';
export const ORG = 'urn:li:organization:5515715';
export const RESEARCH_TOKEN = 'clt.research';
const T = (minute: number) => `2024-01-10T10:${String(minute).padStart(2, '0')}:00+0000`;
const ms = (minute: number) => Date.UTC(2024, 0, 10, 10, minute);

/** Every item the fake served, by stream, to compare with what was stored. */
export const served = new Map<number, Set<string>>();
const serve = (stream: number, ids: string[]) => {
  const set = served.get(stream) ?? new Set<string>();
  for (const id of ids) set.add(id);
  served.set(stream, set);
};

/** One list answer per network's shape, recording what it served. */
const graph = (stream: number, data: Record<string, unknown>[]): FakeReply => {
  serve(
    stream,
    data.map((d) => String(d.id)),
  );
  return { json: { data, paging: { cursors: { before: 'b', after: 'a' } } } };
};

function facebook(req: FakeRequest, path: string[]): FakeReply | null {
  if (path[1] === 'feed' && path[0] === '100') {
    const from = (id: string, name: string) => ({ id, name });
    return graph(8, [
      { id: '100_2', message: 'our new flavour is out', created_time: T(9), from: from('100', 'Brand SA'), privacy: { value: 'EVERYONE' } },
      { id: '100_v1', message: 'my order never arrived', created_time: T(8), from: from('771', 'Visitor'), privacy: { value: '' } },
      { id: '100_1', message: 'welcome to our page', created_time: T(7), from: from('100', 'Brand SA') },
    ]);
  }
  if (path[1] === 'comments' && path[0].startsWith('100_')) {
    if (req.query.get('filter') !== 'stream') return { json: { data: [] } };
    const post = path[0];
    return graph(8, [
      { id: `${post}_c1`, message: 'first!', created_time: T(20), from: { id: '555', name: 'Sipho' } },
      { id: `${post}_c1_r1`, message: 'thanks Sipho', created_time: T(21), from: { id: '100', name: 'Brand SA' }, parent: { id: `${post}_c1` } },
      { id: `${post}_c2`, message: 'where can I buy it?', created_time: T(22) },
    ]);
  }
  return null;
}

function instagram(req: FakeRequest, path: string[]): FakeReply | null {
  if (path[0] === IG && path[1] === 'media')
    return graph(9, [
      { id: '1790000000000002', caption: 'summer #brandsa', timestamp: T(9), username: 'brandsa' },
      { id: '1790000000000001', caption: 'spring #brandsa', timestamp: T(8), username: 'brandsa' },
    ]);
  if (path[0] === 'ig_hashtag_search') return req.query.get('q') === 'brandsa' && req.query.get('user_id') === IG ? { json: { data: [{ id: 'H1' }] } } : null;
  if (path[0] === 'H1' && path[1] === 'recent_media' && req.query.get('user_id') === IG)
    return graph(9, [
      { id: '1791000000000002', caption: 'loving #brandsa', timestamp: T(5) },
      { id: '1791000000000001', caption: '#brandsa again', timestamp: T(4) },
    ]);
  if (path[1] === 'comments' && path[0].startsWith('1790')) {
    const reply = { id: `${path[0]}r1`, text: 'thank you!', timestamp: T(31), username: 'brandsa' };
    serve(9, [reply.id]);
    return graph(9, [
      { id: `${path[0]}c1`, text: 'gorgeous', timestamp: T(30), username: 'fan1', replies: { data: [reply] } },
      { id: `${path[0]}c2`, text: 'want one', timestamp: T(32), username: 'fan2' },
    ]);
  }
  return null;
}

function youtube(req: FakeRequest, resource: string): FakeReply | null {
  // Search finds other channels' videos.
  const video = (id: string, minute: number, channel = 'UCbrand') => ({
    id,
    snippet: { publishedAt: T(minute).replace('+0000', 'Z'), channelId: channel, title: `Video ${id}`, description: 'all about it', channelTitle: channel },
    status: { privacyStatus: 'public' },
    statistics: { viewCount: '10', likeCount: '1', commentCount: '2' },
  });
  const videos = [video('vid2', 9), video('vid1', 8), video('found2', 6, 'UCfan'), video('found1', 5, 'UCfan')];
  const comment = (id: string, videoId: string, minute: number, extra: Record<string, unknown> = {}) => ({
    id,
    snippet: {
      videoId,
      textOriginal: `comment ${id}`,
      authorDisplayName: `@viewer-${id}`,
      authorChannelId: { value: `UC-${id}` },
      publishedAt: T(minute).replace('+0000', 'Z'),
      ...extra,
    },
  });
  switch (resource) {
    case 'channels':
      return req.query.get('id') === 'UCbrand' ? { json: { items: [{ id: 'UCbrand', contentDetails: { relatedPlaylists: { uploads: 'UUbrand' } } }] } } : null;
    case 'playlistItems':
      serve(10, ['vid2', 'vid1']);
      return {
        json: {
          items: ['vid2', 'vid1'].map((id, i) => ({
            id: `PI${id}`,
            snippet: {},
            contentDetails: { videoId: id, videoPublishedAt: T(9 - i).replace('+0000', 'Z') },
          })),
        },
      };
    case 'search':
      serve(10, ['found2', 'found1']);
      return { json: { items: ['found2', 'found1'].map((id, i) => ({ id: { videoId: id }, snippet: { publishedAt: T(6 - i).replace('+0000', 'Z') } })) } };
    case 'videos': {
      const want = (req.query.get('id') ?? '').split(',');
      return { json: { items: videos.filter((v) => want.includes(v.id)) } };
    }
    case 'commentThreads': {
      const v = req.query.get('videoId')!;
      const threads = [`${v}-t2`, `${v}-t1`].map((id, i) => ({
        id,
        snippet: { videoId: v, isPublic: true, totalReplyCount: i === 0 ? 1 : 0, topLevelComment: comment(id, v, 40 - i) },
      }));
      serve(10, [`${v}-t2`, `${v}-t1`]);
      return { json: { items: threads } };
    }
    case 'comments': {
      const parent = req.query.get('parentId')!;
      serve(10, [`${parent}-r1`]);
      return { json: { items: [comment(`${parent}-r1`, parent.split('-')[0], 45, { parentId: parent })] } };
    }
  }
  return null;
}

function linkedin(req: FakeRequest): FakeReply | null {
  const list = (elements: Record<string, unknown>[], ids: string[]) => {
    serve(11, ids);
    return { json: { paging: { start: 0, count: elements.length, links: [] }, elements } };
  };
  if (req.path === '/rest/posts' && req.query.get('author') === ORG) {
    const posts = [2, 1].map((n) => ({
      id: `urn:li:share:70${n}`,
      author: ORG,
      commentary: `org post ${n}`,
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      createdAt: ms(n),
      publishedAt: ms(n),
      distribution: { feedDistribution: 'MAIN_FEED' },
    }));
    return list(
      posts,
      posts.map((p) => p.id),
    );
  }
  const m = /^\/rest\/socialActions\/(.+)\/comments$/.exec(req.path);
  if (!m) return null;
  const target = decodeURIComponent(m[1]);
  // A comment's own comments are its replies.
  const n = target.startsWith('urn:li:comment:') ? 1 : 2;
  const comments = Array.from({ length: n }, (_, i) => ({
    id: `${i + 1}`,
    commentUrn: `urn:li:comment:(${target},${i + 1})`,
    actor: `urn:li:person:p${i + 1}`,
    message: { text: `well said ${i + 1}` },
    created: { time: ms(40 + i) },
    ...(n === 2 && i === 0 ? { commentsSummary: { totalFirstLevelComments: 1 } } : {}),
  }));
  return list(
    comments,
    comments.map((c) => c.commentUrn),
  );
}

function tiktok(req: FakeRequest): FakeReply | null {
  const ok = { code: 'ok', message: '', log_id: 'L' };
  if (req.path === '/v2/video/list/') {
    const videos = [2, 1].map((n) => ({ id: `730000000000000000${n}`, title: `t${n}`, video_description: `dance ${n}`, create_time: ms(n) / 1000 }));
    serve(
      12,
      videos.map((v) => v.id),
    );
    return { raw: JSON.stringify({ data: { videos, cursor: 0, has_more: false }, error: ok }).replace(/"id":"(\d+)"/g, '"id":$1') };
  }
  if (req.path === '/v2/research/video/comment/list/') {
    // The Research API answers only its client token; video_id lists a video's comments,
    // comment_id a comment's replies (never both).
    if (req.headers.authorization !== `Bearer ${RESEARCH_TOKEN}`)
      return { status: 401, json: { error: { code: 'access_token_invalid', message: 'wrong token' } } };
    const video = /"video_id":(\d+)/.exec(req.text)?.[1];
    const comment = /"comment_id":(\d+)/.exec(req.text)?.[1];
    if (!video === !comment) return { status: 400, json: { error: { code: 'invalid_params', message: 'video_id or comment_id' } } };
    const comments = video
      ? [{ id: `${video}1`, video_id: video, text: 'love it', parent_comment_id: video, reply_count: 1, create_time: ms(50) / 1000 }]
      : [{ id: `${comment}2`, video_id: comment!.slice(0, -1), text: 'me too', parent_comment_id: comment, reply_count: 0, create_time: ms(51) / 1000 }];
    serve(
      12,
      comments.map((c) => c.id),
    );
    return {
      raw: JSON.stringify({ data: { comments, cursor: 2, has_more: false }, error: ok }).replace(/"(id|video_id|parent_comment_id)":"(\d+)"/g, '"$1":$2'),
    };
  }
  return null;
}

/**
 * One fake answering every network's documented calls (Graph for Facebook and Instagram, YouTube
 * Data, LinkedIn's REST API, TikTok's display and Research APIs); `tokens` maps each access token
 * to the stream it reads. `limited`: the first call with that stream's token answers 429 with a
 * Retry-After of `retryAfterS` seconds (a network waiting out its rate limit); every call with a
 * token in `busy` answers 429.
 */
export async function startNetworks(
  tokens: Record<string, number>,
  limited?: { stream: number; retryAfterS: number },
  /** Tokens every call of which answers 429 (with a 15-minute Retry-After) while they are in the set. */
  busy: ReadonlySet<string> = new Set(),
): Promise<FakeServer> {
  let limitTold = false;
  return startFake((req) => {
    if (req.path === '/v2/oauth/token/') {
      const form = new URLSearchParams(req.text);
      const ok =
        form.get('grant_type') === 'client_credentials' && form.get('client_key') === 'research-key' && form.get('client_secret') === 'research-secret';
      return ok ? { json: { access_token: RESEARCH_TOKEN, expires_in: 7200, token_type: 'Bearer' } } : { status: 401, json: { error: 'invalid_client' } };
    }
    if (req.path === '/v2/research/video/comment/list/') return tiktok(req)!;
    const stream = tokens[String(req.headers.authorization ?? '').replace(/^Bearer /, '')];
    const notFound = { status: 404, json: { error: { message: `no fake for ${req.path}`, code: 100 } } };
    if (stream === undefined) return { status: 401, json: { error: { message: 'bad token', code: 190 } } };
    if (busy.has(String(req.headers.authorization ?? '').replace(/^Bearer /, '')))
      return { status: 429, headers: { 'retry-after': '900' }, json: { error: { message: 'Application request limit reached', code: 4 } } };
    if (limited && stream === limited.stream && !limitTold) {
      limitTold = true;
      return {
        status: 429,
        headers: { 'retry-after': String(limited.retryAfterS) },
        json: { error: { message: 'Application request limit reached', code: 4 } },
      };
    }
    let reply: FakeReply | null = null;
    if (req.path.startsWith('/v18.0/')) {
      const path = req.path.slice('/v18.0/'.length).split('/');
      reply = stream === 8 ? facebook(req, path) : instagram(req, path);
    } else if (req.path.startsWith('/youtube/v3/')) reply = youtube(req, req.path.slice('/youtube/v3/'.length));
    else if (req.path.startsWith('/rest/')) reply = linkedin(req);
    else if (req.path.startsWith('/v2/')) reply = tiktok(req);
    return reply ?? notFound;
  });
}

/** The tokens startNetworks answers, each for the stream it reads: `t<stream>`. */
export const NETWORK_TOKENS = { t8: 8, t9: 9, t10: 10, t11: 11, t12: 12 } as const;

/**
 * A project 'Brand SA' listening to `streamIds`, its root bin matching #brandsa and brandsa, with
 * one linked profile per network the fake serves (the page, business account, channel,
 * organisation and TikTok account its answers name), each with its token `t<stream>`.
 */
export async function seedLinkedNetworks(db: Db, keys: TokenKeyring, streamIds: number[]): Promise<SeededProject> {
  const p = await seedProject(db, {
    name: 'Brand SA',
    streamIds,
    rules: [
      { bin: 'root', kind: 'hashtag', expression: '#brandsa' },
      { bin: 'root', expression: 'brandsa' },
    ],
  });
  const profiles: [number, string][] = [
    [8, '100'],
    [9, IG],
    [10, 'UCbrand'],
    [11, '5515715'],
    [12, 'tt-open'],
  ];
  for (const [stream, externalId] of profiles) {
    const row = await db
      .insertInto('profiles')
      .values({ project_id: p.projectId, stream_id: stream, external_id: externalId, name: 'Brand SA', handle: 'brandsa' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setProfileToken(db, row.id, `t${stream}`, keys);
  }
  invalidateRules(db);
  return p;
}
