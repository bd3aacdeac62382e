import { beforeEach, describe, expect, it } from 'vitest';
import { memoryCursorStore, type CursorStore } from '../../ingest/connectors/cursor-store.ts';
import { FacebookCommentsConnector, FacebookPageConnector } from './api.ts';
import { fbAppRateLimit, fbComments, fbPosts, fbRateLimit, fbVisitorPost, FB_VERSION, startFacebookFake } from './fake.ts';
import { collect, fakeClock, ids, testHttp } from '../../ingest/connectors/fakes/harness.ts';
import { truncated } from '../../ingest/connectors/fakes/server.ts';

// Each test starts from no stored cursor; cursor-store.test.ts runs the same against PGlite.
let store: CursorStore;
beforeEach(() => void (store = memoryCursorStore()));

const TOKEN = 'fb-page-token';

describe('Facebook connector', () => {
  it('reads page posts and their inline comments over pages, waits out a page rate limit, retries a truncated page', async () => {
    const posts = fbPosts();
    delete posts[1].message; // a photo post with no text
    const fake = await startFacebookFake({ token: TOKEN, posts, faults: { 'feed:p3': [fbRateLimit(5)], 'feed:p6': [truncated()] } });
    const clock = fakeClock();
    const c = new FacebookPageConnector({ baseUrl: fake.url + FB_VERSION, accessToken: TOKEN, http: testHttp(clock), pageId: '100', limit: 3 });
    const { posts: got, report } = await collect(c, store);
    await fake.close();

    expect(clock.sleeps).toEqual([300_000]);
    const pagePosts = got.filter((p) => !p.parentExternalId);
    expect(ids(pagePosts)).toEqual(['100_8', '100_6', '100_5', '100_4', '100_3', '100_2', '100_1']);
    expect(report).toMatchObject({ ended: 'done', pages: 3, skipped: { empty_body: 1, malformed_json: 1 } });
    // An inline comment keeps its link, likes and replies (Graph sends only the fields asked for).
    expect(got.find((p) => p.externalId === '100_7_c1')).toMatchObject({
      parentExternalId: '100_7',
      author: { externalId: '555', name: 'Sipho' },
      link: 'https://www.facebook.com/100/posts/7?comment_id=c1',
      likes: 8,
      comments: 1,
    });
    expect(pagePosts[0]).toEqual({
      streamId: 8,
      externalId: '100_8',
      body: 'page post 8',
      postedAt: new Date('2024-01-10T10:08:00Z'),
      author: { externalId: '100', name: 'Brand SA' },
      link: 'https://www.facebook.com/100/posts/8',
      likes: 24,
      comments: 1,
      shares: 8,
    });
    expect(fake.requests[0].query.get('fields')).toBe(
      'id,message,created_time,permalink_url,from,shares,reactions.summary(true),comments.summary(true){id,message,created_time,from,like_count,comment_count,permalink_url,is_hidden,is_private},is_published,is_hidden,privacy',
    );
    expect(fake.requests[0].query.has('access_token')).toBe(false);
  });

  it('resumes from the stored after-cursor and starts the next sweep after the newest post', async () => {
    const fake = await startFacebookFake({ token: TOKEN });
    const make = () => new FacebookPageConnector({ baseUrl: fake.url + FB_VERSION, accessToken: TOKEN, http: testHttp(), pageId: '101', limit: 4 });
    const one = await collect(make(), store, { maxPages: 1 });
    expect(ids(one.posts.filter((p) => !p.parentExternalId))).toEqual(['100_8', '100_7', '100_6', '100_5']);
    const two = await collect(make(), store);
    expect(ids(two.posts.filter((p) => !p.parentExternalId))).toEqual(['100_4', '100_3', '100_2', '100_1']);
    const three = await collect(make(), store);
    expect(three.posts).toEqual([]);
    expect(fake.requests.at(-1)!.query.get('since')).toBe(String(Date.parse('2024-01-10T10:08:00Z') / 1000 + 1));
    await fake.close();
  });

  it('reads all comments of a post, keeps anonymous ones, and later picks up only new comments', async () => {
    const fake = await startFacebookFake({ token: TOKEN, faults: { 'comments:p2': [fbAppRateLimit] } });
    const clock = fakeClock();
    const make = () => new FacebookCommentsConnector({ baseUrl: fake.url + FB_VERSION, accessToken: TOKEN, http: testHttp(clock), postId: '100_8', limit: 2 });
    const first = await collect(make(), store);
    expect(ids(first.posts)).toEqual(fbComments().map((c) => c.id));
    expect(first.posts[1].author).toEqual({ externalId: 'anonymous', name: 'Facebook user' });
    expect(first.posts[0].parentExternalId).toBe('100_8');
    // Code 4 names no time: the default wait applies.
    expect(clock.sleeps).toEqual([60_000]);

    fake.comments.push({ id: '100_8_6', message: 'late comment', created_time: '2024-01-10T13:00:00+0000', from: { id: '9', name: 'Late' } });
    const later = await collect(make(), store);
    expect(ids(later.posts)).toEqual(['100_8_6']);
    await fake.close();
  });

  it("reads the page's feed: visitors' posts to the page as well as its own", async () => {
    const posts = fbPosts();
    posts.splice(2, 0, fbVisitorPost(1, 6));
    posts.push(fbVisitorPost(2, 0));
    const fake = await startFacebookFake({ token: TOKEN, posts });
    const c = new FacebookPageConnector({ baseUrl: fake.url + FB_VERSION, accessToken: TOKEN, http: testHttp(), pageId: '100', limit: 4 });
    const { posts: got, report } = await collect(c, store);
    await fake.close();
    expect(fake.requests.every((r) => r.path === `${FB_VERSION}/100/feed`)).toBe(true);
    const top = got.filter((p) => !p.parentExternalId);
    expect(ids(top)).toEqual(posts.map((p) => p.id));
    expect(report).toMatchObject({ ended: 'done', skipped: {} });
    expect(top.find((p) => p.externalId === '100_v1')).toEqual({
      streamId: 8,
      externalId: '100_v1',
      body: 'visitor post 1: my order never arrived',
      postedAt: new Date('2024-01-10T10:06:30Z'),
      author: { externalId: '771', name: 'Visitor 1' },
      link: 'https://www.facebook.com/100/posts/v1',
      likes: 0,
      comments: 0,
      shares: 0,
    });
  });

  it('reads replies with the comments (filter=stream), each reply naming the comment it answers', async () => {
    const comments = fbComments();
    comments.splice(2, 0, { ...comments[0], id: '100_8_1_r1', message: 'a reply', parent: { id: '100_8_1' } });
    const fake = await startFacebookFake({ token: TOKEN, comments });
    const c = new FacebookCommentsConnector({ baseUrl: fake.url + FB_VERSION, accessToken: TOKEN, http: testHttp(), postId: '100_8' });
    const { posts } = await collect(c, store);
    await fake.close();
    expect(ids(posts)).toEqual(comments.map((x) => x.id));
    expect(posts.find((p) => p.externalId === '100_8_1_r1')!.parentExternalId).toBe('100_8_1');
    expect(posts.find((p) => p.externalId === '100_8_3')!.parentExternalId).toBe('100_8');
    expect(fake.requests[0].query.get('filter')).toBe('stream');
    expect(fake.requests[0].query.get('fields')).toContain('parent{id}');
  });

  it('stops on an invalid token', async () => {
    const fake = await startFacebookFake({ token: TOKEN });
    const c = new FacebookPageConnector({ baseUrl: fake.url + FB_VERSION, accessToken: 'expired', http: testHttp(), pageId: '100' });
    const { report } = await collect(c, store);
    await fake.close();
    expect(report).toMatchObject({ ended: 'stopped', reason: 'token_invalid' });
  });
  // A page token lists what only the page's admins see: unpublished and hidden posts, posts shared
  // with no one, hidden and private comments. None of it is listening data.
  it('skips posts and comments that are not public (not_public), asking for the fields that tell', async () => {
    const posts = fbPosts().slice(0, 5);
    posts[1].is_published = false;
    posts[2].privacy = { value: 'SELF', description: 'Only me', friends: '', allow: '', deny: '' };
    posts[3].is_hidden = true;
    (posts[0].comments as { data: Record<string, unknown>[] }).data[0].is_hidden = true;
    const comments = fbComments();
    comments[2].is_private = true;
    const fake = await startFacebookFake({ token: TOKEN, posts, comments });
    const page = await collect(new FacebookPageConnector({ baseUrl: fake.url + FB_VERSION, accessToken: TOKEN, http: testHttp(), pageId: '100' }), store);
    const thread = await collect(
      new FacebookCommentsConnector({ baseUrl: fake.url + FB_VERSION, accessToken: TOKEN, http: testHttp(), postId: '100_8' }),
      store,
    );
    await fake.close();
    // Three posts, the inline comments on them (not public either) and one hidden comment.
    expect(ids(page.posts)).toEqual(['100_8', '100_4', '100_4_c1']);
    expect(page.report.skipped).toEqual({ not_public: 7 });
    expect(ids(thread.posts)).toEqual(['100_8_1', '100_8_2', '100_8_4', '100_8_5']);
    expect(thread.report.skipped).toEqual({ not_public: 1 });
    const fields = (i: number) => fake.requests[i].query.get('fields')!.split(',');
    expect(fields(0)).toEqual(expect.arrayContaining(['is_published', 'is_hidden', 'privacy']));
    expect(fields(1)).toEqual(expect.arrayContaining(['is_hidden', 'is_private']));
  });
});
