import { beforeEach, describe, expect, it } from 'vitest';
import { memoryCursorStore, type CursorStore } from '../../ingest/connectors/cursor-store.ts';
import { collect, fakeClock, ids, T0, testHttp } from '../../ingest/connectors/fakes/harness.ts';
import { truncated, type FakeReply } from '../../ingest/connectors/fakes/server.ts';
import { startXFake, X_USERS, xRateLimit, xTweets, type FakeTweet } from './fake.ts';
import { X_MAX_HELD_SWEEPS, XSearchConnector, XTimelineConnector } from './api.ts';

// Each test starts from no stored cursor; cursor-store.test.ts runs the same against PGlite.
let store: CursorStore;
beforeEach(() => void (store = memoryCursorStore()));

const TOKEN = 'x-secret-token';

describe('X connector', () => {
  it('reads every page of a recent search, waits out a 429 for the time X names, and retries a truncated page', async () => {
    const tweets = xTweets();
    delete (tweets[1] as { id?: string }).id;
    tweets[2].text = '   ';
    const fake = await startXFake({ token: TOKEN, tweets, faults: { p3: [xRateLimit(T0 / 1000 + 30)], p6: [truncated()] } });
    const clock = fakeClock();
    const c = new XSearchConnector({ baseUrl: fake.url, bearerToken: TOKEN, http: testHttp(clock), query: '@brandsa', key: 'p1', maxResults: 3 });
    const { posts, report } = await collect(c, store);
    await fake.close();

    expect(clock.sleeps).toEqual([30_000]);
    expect(ids(posts)).toEqual(['1010', '1007', '1006', '1005', '1004', '1003', '1002', '1001']);
    expect(report).toMatchObject({ ended: 'done', pages: 4, skipped: { missing_id: 1, empty_body: 1, malformed_json: 1 } });
    const first = fake.requests[0].query;
    expect(first.get('query')).toBe('@brandsa');
    expect(first.get('expansions')).toBe('author_id');
    expect(first.get('tweet.fields')).toBe('author_id,created_at,public_metrics,lang,conversation_id,in_reply_to_user_id,referenced_tweets');
    expect(first.get('user.fields')).toBe('public_metrics,username,name,protected');
  });

  it('normalises a tweet to the Post shape with its author from includes.users', async () => {
    const fake = await startXFake({ token: TOKEN });
    const c = new XSearchConnector({ baseUrl: fake.url, bearerToken: TOKEN, http: testHttp(), query: 'q', key: 'shape', maxResults: 1 });
    const { posts } = await collect(c, store, { maxPages: 1 });
    await fake.close();
    expect(posts[0]).toEqual({
      streamId: 7,
      externalId: '1010',
      body: 'tweet 10 about @brandsa',
      postedAt: new Date(Date.UTC(2024, 0, 10, 10, 10)),
      author: { externalId: '12', name: 'Brand SA', handle: 'brandsa', followers: 50000 },
      link: 'https://x.com/brandsa/status/1010',
      parentExternalId: null,
      inReplyToHandle: null,
      likes: 20,
      comments: 1,
      shares: 10,
      views: 1000,
      impressions: 1000,
      language: 'en',
    });
  });

  it('resumes after a stop from the stored cursor, and the next sweep asks only for newer tweets', async () => {
    const fake = await startXFake({ token: TOKEN });
    const make = () => new XSearchConnector({ baseUrl: fake.url, bearerToken: TOKEN, http: testHttp(), query: 'q', key: 'restart', maxResults: 4 });
    const one = await collect(make(), store, { maxPages: 1 });
    expect(ids(one.posts)).toEqual(['1010', '1009', '1008', '1007']);
    const rest = await collect(make(), store);
    expect(ids(rest.posts)).toEqual(['1006', '1005', '1004', '1003', '1002', '1001']);
    expect(rest.report.ended).toBe('done');

    fake.tweets.unshift({ ...xTweets()[0], id: '1011', text: 'a new one' });
    const again = await collect(make(), store);
    expect(ids(again.posts)).toEqual(['1011']);
    expect(fake.requests.at(-1)!.query.get('since_id')).toBe('1010');
    await fake.close();
  });

  it('does not save the cursor when the sink fails, so the page comes again', async () => {
    const fake = await startXFake({ token: TOKEN });
    const make = () => new XSearchConnector({ baseUrl: fake.url, bearerToken: TOKEN, http: testHttp(), query: 'q', key: 'crash', maxResults: 5 });
    let calls = 0;
    const report = await collect(make(), store, {
      sink: async () => {
        if (++calls === 2) throw new Error('database down');
      },
    });
    expect(report.report).toMatchObject({ ended: 'failed', reason: 'sink_failed', pages: 1 });
    const after = await collect(make(), store);
    expect(ids(after.posts)).toEqual(['1005', '1004', '1003', '1002', '1001']);
    await fake.close();
  });

  it('stops on a refused token without logging it', async () => {
    const fake = await startXFake({ token: TOKEN });
    const lines: string[] = [];
    const log = { warn: (o: object, m: string) => void lines.push(JSON.stringify(o) + m) };
    const c = new XSearchConnector({ baseUrl: fake.url, bearerToken: 'wrong-secret', http: testHttp(), query: 'q', key: 'bad' });
    const { report } = await collect(c, store, { log });
    await fake.close();
    expect(report).toMatchObject({ ended: 'stopped', reason: 'unauthorized', posts: 0 });
    expect(lines.join('\n')).not.toContain('wrong-secret');
  });

  it("reads a user's timeline with pagination_token", async () => {
    const fake = await startXFake({ token: TOKEN });
    const c = new XTimelineConnector({ baseUrl: fake.url, bearerToken: TOKEN, http: testHttp(), userId: '12', maxResults: 2 });
    const { posts } = await collect(c, store);
    await fake.close();
    expect(ids(posts)).toEqual(['1010', '1008', '1006', '1004', '1002']);
    expect(fake.requests[1].path).toBe('/2/users/12/tweets');
    expect(fake.requests[1].query.get('pagination_token')).toBe('p2');
  });
  it("skips tweets of protected accounts, which a user's token can read (not_public)", async () => {
    const fake = await startXFake({ token: TOKEN, users: X_USERS.map((u) => (u.id === '11' ? { ...u, protected: true } : u)) });
    const { posts, report } = await collect(
      new XSearchConnector({ baseUrl: fake.url, bearerToken: TOKEN, http: testHttp(), query: 'q', key: 'protected' }),
      store,
    );
    await fake.close();
    expect(ids(posts)).toEqual(['1010', '1008', '1006', '1004', '1002']);
    expect(report.skipped).toEqual({ not_public: 5 });
    expect(fake.requests[0].query.get('user.fields')!.split(',')).toContain('protected');
  });

  it('asks for author_id in tweet.fields, so every tweet X serves is stored with its author', async () => {
    const fake = await startXFake({ token: TOKEN });
    const { posts, report } = await collect(new XSearchConnector({ baseUrl: fake.url, bearerToken: TOKEN, http: testHttp(), query: 'q', key: 'a' }), store);
    await fake.close();
    expect(report).toMatchObject({ ended: 'done', skipped: {} });
    expect(posts.map((p) => [p.externalId, p.author.externalId])).toEqual(xTweets().map((t) => [t.id, t.author_id]));
    expect(fake.requests[0].query.get('tweet.fields')!.split(',')).toContain('author_id');
  });

  // A tweet X sends without its author (a field it failed to send, or we failed to ask for) is not
  // lost: the mark stays below it, so the next sweep reads it again.
  const withoutAuthor = (id: string) => {
    const tweets = xTweets();
    const t = tweets.find((x) => x.id === id)! as FakeTweet;
    const author = t.author_id;
    delete t.author_id;
    return { tweets, restore: () => void (t.author_id = author) };
  };
  const search = (url: string, key: string) => new XSearchConnector({ baseUrl: url, bearerToken: TOKEN, http: testHttp(), query: 'q', key, maxResults: 3 });

  it('never moves since_id past a tweet it skipped as missing_author: the next sweep reads it again', async () => {
    const { tweets, restore } = withoutAuthor('1007');
    const fake = await startXFake({ token: TOKEN, tweets });
    const one = await collect(search(fake.url, 'hold'), store);
    expect(ids(one.posts)).toEqual(['1010', '1009', '1008', '1006', '1005', '1004', '1003', '1002', '1001']);
    expect(one.report).toMatchObject({ ended: 'done', skipped: { missing_author: 1 } });
    restore();
    const two = await collect(search(fake.url, 'hold'), store);
    expect(fake.requests.find((r, i) => i >= 4 && r.query.has('since_id'))!.query.get('since_id')).toBe('1006');
    expect(ids(two.posts)).toContain('1007');
    expect(two.report).toMatchObject({ ended: 'done', skipped: {} });
    const three = await collect(search(fake.url, 'hold'), store);
    expect(three.posts).toEqual([]);
    expect(fake.requests.at(-1)!.query.get('since_id')).toBe('1010');
    await fake.close();
  });

  it(`gives a tweet that never maps up after ${X_MAX_HELD_SWEEPS} sweeps, counted as missing_author_given_up, and moves on`, async () => {
    const { tweets } = withoutAuthor('1007');
    const fake = await startXFake({ token: TOKEN, tweets });
    const skipped: Record<string, number>[] = [];
    for (let i = 0; i < X_MAX_HELD_SWEEPS; i++) skipped.push((await collect(search(fake.url, 'give-up'), store)).report.skipped);
    expect(skipped).toEqual([...Array<object>(X_MAX_HELD_SWEEPS - 1).fill({ missing_author: 1 }), { missing_author_given_up: 1 }]);
    const after = await collect(search(fake.url, 'give-up'), store);
    expect(after.posts).toEqual([]);
    expect(fake.requests.at(-1)!.query.get('since_id')).toBe('1010');
    await fake.close();
  });

  const windowStart = new Date(T0 - 7 * 24 * 3600_000).toISOString();
  const startTimeError = (t: string): FakeReply => ({
    status: 400,
    json: {
      errors: [{ parameters: { start_time: [t] }, message: `Invalid 'start_time':'${t}'. 'start_time' must be on or after 2024-01-03T12:10Z` }],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    },
  });

  it("restarts at the search window's start when since_id is older than recent search's 7 days", async () => {
    const fake = await startXFake({ token: TOKEN, window: { oldestId: '1000', start: windowStart } });
    await store.put('x.search', 'stale', { mark: '900', page: null, top: null });
    const make = () => new XSearchConnector({ baseUrl: fake.url, bearerToken: TOKEN, http: testHttp(), query: 'q', key: 'stale', maxResults: 4 });
    const { posts, report } = await collect(make(), store);
    expect(ids(posts)).toEqual(xTweets().map((t) => t.id));
    expect(report).toMatchObject({ ended: 'done', skipped: { outside_window: 1 } });
    const restarted = fake.requests[1].query;
    expect([restarted.get('start_time'), restarted.has('since_id')]).toEqual(['2024-01-03T12:02:00Z', false]);
    const again = await collect(make(), store);
    expect(again.posts).toEqual([]);
    expect(again.report).toMatchObject({ ended: 'done', skipped: {} });
    expect(fake.requests.at(-1)!.query.get('since_id')).toBe('1010');
    await fake.close();
  });

  it('when start_time leaves the window mid-sweep, reads the rest from the new window start to the oldest tweet read', async () => {
    const fake = await startXFake({ token: TOKEN, window: { oldestId: '1000', start: windowStart }, faults: { p3: [startTimeError('2024-01-03T12:02:00Z')] } });
    await store.put('x.search', 'slide', { mark: '900', page: null, top: null });
    const { posts, report } = await collect(search(fake.url, 'slide'), store);
    await fake.close();
    expect([...new Set(ids(posts))]).toEqual(xTweets().map((t) => t.id));
    expect(report).toMatchObject({ ended: 'done', skipped: { outside_window: 2 } });
    const segment = fake.requests.find((r) => r.query.has('end_time'))!.query;
    expect([segment.get('end_time'), segment.has('next_token')]).toEqual(['2024-01-10T10:08:01Z', false]);
  });
});
