// The connector job's schedule against one fake of every network's documented answers: each kind
// it schedules (page feed, comments and replies, hashtag and keyword search) stores every item
// the fake serves exactly once, skips nothing without a counted reason, classifies visitors'
// posts to the page as Earned, records what it collected per project and connector kind, and
// keeps each kind within its budget.
import { BRAND_ASSOCIATION } from '@listening/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileToken } from '../crypto/profile-tokens.ts';
import { keyring, parseTokenKey } from '../crypto/tokens.ts';
import type { DbHandle } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { fakeClock, TEST_OUTBOUND } from '../ingest/connectors/fakes/harness.ts';
import { startFake, type FakeReply, type FakeRequest, type FakeServer } from '../ingest/connectors/fakes/server.ts';
import { invalidateRules } from '../ingest/rules.ts';
import { seedProject, type SeededProject } from '../ingest/testing.ts';
import { testDb } from '../test/harness.ts';
import { DAY, hashtagsOf, youtubeQueriesOf, youtubeSearchEveryMs } from './collection-plan.ts';
import { runConnectorTick, type ConnectorJobConfig } from './connectors.ts';

const keys = keyring(parseTokenKey('12'.repeat(32)));
const log = { info() {}, warn() {} };
const IG = '17841400000000001';
const ORG = 'urn:li:organization:5515715';
const RESEARCH_TOKEN = 'clt.research';
const T = (minute: number) => `2024-01-10T10:${String(minute).padStart(2, '0')}:00+0000`;
const ms = (minute: number) => Date.UTC(2024, 0, 10, 10, minute);

/** Every item the fake served, by stream, to compare with what was stored. */
const served = new Map<number, Set<string>>();
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

async function startNetworks(tokens: Record<string, number>): Promise<FakeServer> {
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

let h: DbHandle;
let p: SeededProject;
let fake: FakeServer;
let cfg: ConnectorJobConfig;

beforeAll(async () => {
  h = await testDb();
  await migrate(h.db);
  p = await seedProject(h.db, {
    name: 'Brand SA',
    streamIds: [8, 9, 10, 11, 12],
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
    const row = await h.db
      .insertInto('profiles')
      .values({ project_id: p.projectId, stream_id: stream, external_id: externalId, name: 'Brand SA', handle: 'brandsa' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setProfileToken(h.db, row.id, `t${stream}`, keys);
  }
  invalidateRules(h.db);
  fake = await startNetworks({ t8: 8, t9: 9, t10: 10, t11: 11, t12: 12 });
  const base = { graph: `${fake.url}/v18.0`, youtube: fake.url, linkedin: fake.url, tiktok: fake.url };
  cfg = {
    intervalMs: 60_000,
    xBearerToken: null,
    tiktokResearch: { clientKey: 'research-key', clientSecret: 'research-secret' },
    baseUrls: base,
    blogFeeds: [],
    tokenKeys: keys,
    outbound: TEST_OUTBOUND,
  };
});
afterAll(async () => {
  await fake?.close();
  await h?.close();
});

describe('the collection schedule', () => {
  it('stores once every item each scheduled kind serves: feeds, comments, replies, hashtag and keyword search', async () => {
    const reports = await runConnectorTick(h.db, cfg, { log, http: fakeClock() });
    const kinds = [...new Set(reports.map((r) => r.connector))].sort();
    expect(kinds).toEqual([
      'facebook.comments',
      'facebook.page',
      'instagram.comments',
      'instagram.hashtag',
      'instagram.media',
      'linkedin.comments',
      'linkedin.posts',
      'tiktok.comments',
      'tiktok.replies',
      'tiktok.videos',
      'youtube.channel',
      'youtube.comments',
      'youtube.replies',
      'youtube.search',
    ]);
    expect(reports.filter((r) => r.ended !== 'done')).toEqual([]);
    // Nothing skipped: every item served was whole.
    expect(reports.filter((r) => Object.keys(r.skipped).length)).toEqual([]);
    for (const [stream, ids] of served) {
      const rows = await h.db.selectFrom('clips').select('external_id').where('stream_id', '=', stream).execute();
      expect(rows.map((r) => r.external_id).sort(), `stream ${stream}`).toEqual([...ids].sort());
    }
    // Replies name the comment they answer.
    const parent = async (id: string) =>
      (await h.db.selectFrom('clips').select('parent_external_id').where('external_id', '=', id).executeTakeFirstOrThrow()).parent_external_id;
    expect(await parent('100_2_c1_r1')).toBe('100_2_c1');
    expect(await parent('100_2_c2')).toBe('100_2');
    expect(await parent('100_v1_c1')).toBe('100_v1'); // the conversation under a visitor's post to the page
    expect(await parent('1790000000000002r1')).toBe('1790000000000002c1');
    expect(await parent('vid2-t2-r1')).toBe('vid2-t2');
    expect(await parent('73000000000000000021')).toBe('7300000000000000002'); // a TikTok comment on its video
    expect(await parent('730000000000000000212')).toBe('73000000000000000021'); // and its reply, read by comment_id
    expect(await parent('urn:li:comment:(urn:li:comment:(urn:li:share:702,1),1)')).toBe('urn:li:comment:(urn:li:share:702,1)');
  });

  it("files visitors' posts to the page and comments on the profiles' posts as Earned, the page's own posts as Owned", async () => {
    const rows = await sql<{ external_id: string; brand_association_id: number }>`
      select c.external_id, bc.brand_association_id from bin_clips bc join clips c on c.id = bc.clip_id
      where bc.bin_id = ${p.rootBinId} and c.external_id in ('100_1', '100_2', '100_v1', '100_2_c1', '100_2_c1_r1', '1790000000000001c2', 'vid1-t1')
      order by 1`.execute(h.db);
    expect(rows.rows).toEqual([
      { external_id: '100_1', brand_association_id: BRAND_ASSOCIATION.Owned },
      { external_id: '100_2', brand_association_id: BRAND_ASSOCIATION.Owned },
      { external_id: '100_2_c1', brand_association_id: BRAND_ASSOCIATION.Earned },
      { external_id: '100_2_c1_r1', brand_association_id: BRAND_ASSOCIATION.Owned }, // the page answering
      { external_id: '100_v1', brand_association_id: BRAND_ASSOCIATION.Earned },
      { external_id: '1790000000000001c2', brand_association_id: BRAND_ASSOCIATION.Earned },
      { external_id: 'vid1-t1', brand_association_id: BRAND_ASSOCIATION.Earned },
    ]);
  });

  it("files every linked account's own posts in its project as Owned, whatever form of its id linking stored", async () => {
    // The profiles hold the ids linking stores (LinkedIn: the organisation's number); the posts
    // carry each network's own form (LinkedIn: urn:li:organization:<number>).
    const own = ['100_1', '1790000000000002', 'vid2', 'urn:li:share:702', '7300000000000000002'];
    const rows = await sql<{ external_id: string; brand_association_id: number }>`
      select c.external_id, bc.brand_association_id from bin_clips bc join clips c on c.id = bc.clip_id
      where bc.bin_id = ${p.rootBinId} and c.external_id in (${sql.join(own)})`.execute(h.db);
    const got = Object.fromEntries(rows.rows.map((r) => [r.external_id, r.brand_association_id]));
    expect(got).toEqual(Object.fromEntries(own.map((id) => [id, BRAND_ASSOCIATION.Owned])));
  });

  it('records per instance what it collected and when it ran, and runs each kind no more often than its budget', async () => {
    const stats = await h.db
      .selectFrom('connector_stats')
      .select(['connector', sql<number>`sum(collected)::int`.as('collected'), sql<number>`count(*)::int`.as('instances')])
      .where('project_id', '=', p.projectId)
      .groupBy('connector')
      .orderBy('connector')
      .execute();
    expect(Object.fromEntries(stats.map((s) => [s.connector, [s.instances, s.collected]]))).toMatchObject({
      'facebook.page': [1, 3],
      'facebook.comments': [3, 9], // the page's own two posts and the visitor's post to it
      'instagram.comments': [2, 6],
      'instagram.hashtag': [1, 2],
      'youtube.search': [1, 2], // the two rules ask the same
      'youtube.comments': [2, 4],
      'youtube.replies': [2, 2],
      'tiktok.comments': [2, 2],
      'tiktok.replies': [2, 2], // read by comment_id, with the research client token
      'linkedin.comments': [4, 6], // two posts, and the replies of one comment of each
    });
    const before = fake.requests.length;
    const again = await runConnectorTick(h.db, cfg, { log, http: fakeClock() });
    // Every run: the page's feed, the account media, the organisation's posts; the rest waits for its interval.
    expect([...new Set(again.map((r) => r.connector))].sort()).toEqual(['facebook.page', 'instagram.media', 'linkedin.posts']);
    expect(fake.requests.length - before).toBe(3);
    // An hour later the hashtag and the keyword searches are due again, and the 30-minute kinds.
    const later = await runConnectorTick(h.db, cfg, { log, http: fakeClock(), now: () => Date.now() + 61 * 60_000 });
    expect([...new Set(later.map((r) => r.connector))]).toEqual(
      expect.arrayContaining(['instagram.hashtag', 'youtube.search', 'facebook.comments', 'tiktok.videos']),
    );
    expect(later.map((r) => r.connector)).not.toContain('tiktok.comments');
  });

  it('keeps keyword search inside its share of the YouTube quota, and reads hashtags and queries from the rules', () => {
    // 5,000 units a day at 101 a search page: one query every hour, thirty every 14.5 hours.
    expect(youtubeSearchEveryMs(1)).toBe(60 * 60_000);
    expect((DAY / youtubeSearchEveryMs(30)) * 30 * 101).toBeLessThanOrEqual(5_000);
    expect(
      hashtagsOf([
        { kind: 'hashtag', expression: '#AcmeCola OR acme NOT #spam' },
        { kind: 'phrase', expression: '"acme cola" OR #summer' },
        { kind: 'handle', expression: '@acme' },
      ]),
    ).toEqual(['acmecola', 'acme', 'summer']);
    expect(
      youtubeQueriesOf([
        { kind: 'phrase', expression: '"acme cola" OR acme NOT spam' },
        { kind: 'profile', expression: '@acme' },
      ]),
    ).toEqual(['"acme cola" | acme -spam']);
  });
});
