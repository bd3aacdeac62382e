import { beforeEach, describe, expect, it } from 'vitest';
import { memoryCursorStore, type CursorStore } from '../../ingest/connectors/cursor-store.ts';
import { FB_VERSION } from '../facebook/fake.ts';
import { collect, fakeClock, ids, testHttp } from '../../ingest/connectors/fakes/harness.ts';
import { igComments, igMedia, IG_USER, startInstagramFake } from './fake.ts';
import { InstagramCommentsConnector, InstagramHashtagConnector, InstagramMediaConnector } from './api.ts';

// Each test starts from no stored cursor; cursor-store.test.ts runs the same against PGlite.
let store: CursorStore;
beforeEach(() => void (store = memoryCursorStore()));

const TOKEN = 'ig-token';
const igRateLimit = {
  status: 400,
  headers: { 'x-business-use-case-usage': JSON.stringify({ [IG_USER]: [{ type: 'instagram', call_count: 100, estimated_time_to_regain_access: 2 }] }) },
  json: { error: { message: 'Application request limit reached', type: 'OAuthException', code: 80002, fbtrace_id: 'X' } },
};

describe('Instagram connector', () => {
  it('reads media over pages, waits out a rate limit, skips captionless and id-less items and a page of the wrong shape', async () => {
    const media = igMedia();
    delete media[1].caption;
    delete media[3].id;
    const fake = await startInstagramFake({ token: TOKEN, media, faults: { 'media:p3': [igRateLimit], 'media:p6': [{ json: { unexpected: true } }] } });
    const clock = fakeClock();
    const base = { baseUrl: fake.url + FB_VERSION, accessToken: TOKEN, igUserId: IG_USER, limit: 3 };
    const { posts, report } = await collect(new InstagramMediaConnector({ ...base, http: testHttp(clock) }), store);
    await fake.close();
    expect(clock.sleeps).toEqual([120_000]);
    expect(ids(posts)).toEqual(['17900000000000007', '17900000000000005', '17900000000000003', '17900000000000002', '17900000000000001']);
    expect(report).toMatchObject({ ended: 'done', pages: 3, skipped: { empty_body: 1, missing_id: 1, malformed_page: 1 } });
    expect(posts[0]).toEqual({
      streamId: 9,
      externalId: '17900000000000007',
      body: 'media 7 #brandsa',
      postedAt: new Date('2024-01-10T09:07:00Z'),
      author: { externalId: IG_USER, name: 'brandsa', handle: 'brandsa' },
      link: 'https://www.instagram.com/p/ABC7/',
      mediaUrl: 'https://scontent.cdninstagram.com/7.jpg',
      likes: 70,
      comments: 7,
    });
  });

  it('resumes mid-sweep after a stop, and the next sweep stops at the first media already seen', async () => {
    const fake = await startInstagramFake({ token: TOKEN });
    const make = () => new InstagramMediaConnector({ baseUrl: fake.url + FB_VERSION, accessToken: TOKEN, igUserId: IG_USER, limit: 4, http: testHttp() });
    const one = await collect(make(), store, { maxPages: 1 });
    const two = await collect(make(), store);
    expect([...ids(one.posts), ...ids(two.posts)]).toEqual(igMedia().map((m) => m.id));
    fake.media.unshift({ ...igMedia()[0], id: '17900000000000008', timestamp: '2024-01-10T09:08:00+0000', caption: 'new' });
    const three = await collect(make(), store);
    expect(ids(three.posts)).toEqual(['17900000000000008']);
    expect(three.report.pages).toBe(1);
    await fake.close();
  });

  it("reads a media's comments with the commenter's username", async () => {
    const fake = await startInstagramFake({ token: TOKEN });
    const c = new InstagramCommentsConnector({
      baseUrl: fake.url + FB_VERSION,
      accessToken: TOKEN,
      igUserId: IG_USER,
      mediaId: '17900000000000007',
      limit: 3,
      http: testHttp(),
    });
    const { posts } = await collect(c, store);
    await fake.close();
    expect(posts).toHaveLength(4);
    expect(posts[0]).toMatchObject({
      externalId: '18000000000000001',
      body: 'nice 1',
      author: { externalId: 'fan1', handle: 'fan1' },
      parentExternalId: '17900000000000007',
    });
    expect(fake.requests[0].query.get('fields')).toBe(
      'id,text,timestamp,username,like_count,hidden,replies.limit(100){id,text,timestamp,username,like_count,hidden}',
    );
  });

  it('reads the replies that come inline with each comment, each naming the comment it answers', async () => {
    const comments = igComments();
    comments[0].replies = { data: [{ id: '18100000000000001', text: 'thanks!', timestamp: '2024-01-10T10:05:00+0000', username: 'brandsa', like_count: 0 }] };
    // The replies of a hidden comment are hidden with it.
    comments[1].hidden = true;
    comments[1].replies = { data: [{ id: '18100000000000002', text: 'me too', timestamp: '2024-01-10T10:06:00+0000', username: 'fan9' }] };
    const fake = await startInstagramFake({ token: TOKEN, comments });
    const c = new InstagramCommentsConnector({
      baseUrl: fake.url + FB_VERSION,
      accessToken: TOKEN,
      igUserId: IG_USER,
      mediaId: '17900000000000007',
      http: testHttp(),
    });
    const { posts, report } = await collect(c, store);
    await fake.close();
    expect(ids(posts)).toEqual(['18000000000000001', '18100000000000001', '18000000000000003', '18000000000000004']);
    expect(posts[1]).toMatchObject({ body: 'thanks!', author: { externalId: 'brandsa' }, parentExternalId: '18000000000000001' });
    expect(report.skipped).toEqual({ not_public: 2 });
  });

  it('looks a hashtag up once, keeps its id in the cursor and reads its recent media', async () => {
    const fake = await startInstagramFake({ token: TOKEN });
    const make = () =>
      new InstagramHashtagConnector({ baseUrl: fake.url + FB_VERSION, accessToken: TOKEN, igUserId: IG_USER, hashtag: '#BrandSA', limit: 2, http: testHttp() });
    const one = await collect(make(), store, { maxPages: 1 });
    const two = await collect(make(), store);
    expect([...ids(one.posts), ...ids(two.posts)]).toHaveLength(5);
    expect(one.posts[0].author).toEqual({ externalId: 'unknown', name: 'Instagram user' });
    expect(fake.requests.filter((r) => r.path.endsWith('/ig_hashtag_search'))).toHaveLength(1);
    await fake.close();
  });

  it('stops with a reason when the hashtag does not exist', async () => {
    const fake = await startInstagramFake({ token: TOKEN });
    const c = new InstagramHashtagConnector({ baseUrl: fake.url + FB_VERSION, accessToken: TOKEN, igUserId: IG_USER, hashtag: 'nosuchtag', http: testHttp() });
    const { report } = await collect(c, store);
    await fake.close();
    expect(report).toMatchObject({ ended: 'stopped', reason: 'hashtag_not_found', skipped: { hashtag_not_found: 1 } });
  });
  it('skips comments the account has hidden (not_public)', async () => {
    const comments = igComments();
    comments[1].hidden = true;
    const fake = await startInstagramFake({ token: TOKEN, comments });
    const { posts, report } = await collect(
      new InstagramCommentsConnector({ baseUrl: fake.url + FB_VERSION, accessToken: TOKEN, igUserId: IG_USER, mediaId: '17900000000000007', http: testHttp() }),
      store,
    );
    await fake.close();
    expect(ids(posts)).toEqual(['18000000000000001', '18000000000000003', '18000000000000004']);
    expect(report.skipped).toEqual({ not_public: 1 });
  });
});
