import { beforeEach, describe, expect, it } from 'vitest';
import { memoryCursorStore, type CursorStore } from '../../ingest/connectors/cursor-store.ts';
import { collect, fakeClock, ids, testHttp } from '../../ingest/connectors/fakes/harness.ts';
import { startFake, truncated } from '../../ingest/connectors/fakes/server.ts';
import { startTikTokFake, ttError, ttVideos } from './fake.ts';
import { forgetResearchTokens, researchClientToken, TikTokCommentsConnector, TikTokVideosConnector } from './api.ts';

// Each test starts from no stored cursor; cursor-store.test.ts runs the same against PGlite.
let store: CursorStore;
beforeEach(() => void (store = memoryCursorStore()));

const TOKEN = 'tt-token';
const account = { openId: 'open-123', username: 'brandsa', displayName: 'Brand SA' };
const cursorAfter = (n: number) => Date.UTC(2024, 0, 10, 8, n);

describe('TikTok connector', () => {
  it('lists videos by cursor and has_more, waits out rate_limit_exceeded, retries a truncated page', async () => {
    const videos = ttVideos();
    videos[2].video_description = '';
    videos[2].title = '';
    const fake = await startTikTokFake({
      token: TOKEN,
      videos,
      faults: {
        [`videos:${cursorAfter(5)}`]: [{ ...ttError(429, 'rate_limit_exceeded'), headers: { 'retry-after': '30' } }],
        [`videos:${cursorAfter(2)}`]: [truncated()],
      },
    });
    const clock = fakeClock();
    const c = new TikTokVideosConnector({ baseUrl: fake.url, accessToken: TOKEN, http: testHttp(clock), maxCount: 3, ...account });
    const { posts, report } = await collect(c, store);
    await fake.close();
    expect(clock.sleeps).toEqual([30_000]);
    expect(ids(posts)).toEqual([
      '730000000000000007',
      '730000000000000006',
      '730000000000000004',
      '730000000000000003',
      '730000000000000002',
      '730000000000000001',
    ]);
    expect(report).toMatchObject({ ended: 'done', skipped: { empty_body: 1, malformed_json: 1 } });
    expect(posts[0]).toEqual({
      streamId: 12,
      externalId: '730000000000000007',
      body: 'dance 7 #brandsa',
      postedAt: new Date(Date.UTC(2024, 0, 10, 8, 7)),
      author: { externalId: 'open-123', name: 'Brand SA', handle: 'brandsa' },
      link: 'https://www.tiktok.com/@brandsa/video/730000000000000007',
      likes: 7,
      comments: 2,
      shares: 1,
      views: 700,
    });
    expect(fake.requests[0].method).toBe('POST');
    expect(fake.requests[0].query.get('fields')).toBe('id,title,video_description,create_time,share_url,like_count,comment_count,share_count,view_count');
  });

  it('resumes from the stored cursor after a stop; the next sweep reads only newer videos', async () => {
    const fake = await startTikTokFake({ token: TOKEN });
    const make = () => new TikTokVideosConnector({ baseUrl: fake.url, accessToken: TOKEN, http: testHttp(), maxCount: 4, ...account });
    const one = await collect(make(), store, { maxPages: 1 });
    const two = await collect(make(), store);
    expect([...ids(one.posts), ...ids(two.posts)]).toEqual(ttVideos().map((v) => v.id));
    fake.videos.unshift({ ...ttVideos()[0], id: '730000000000000008', create_time: Date.UTC(2024, 0, 10, 8, 8) / 1000 });
    const three = await collect(make(), store);
    expect(ids(three.posts)).toEqual(['730000000000000008']);
    await fake.close();
  });

  it("reads a video's comments in the research shape and stops on a bad token", async () => {
    const fake = await startTikTokFake({ token: TOKEN });
    const { posts } = await collect(
      new TikTokCommentsConnector({ baseUrl: fake.url, accessToken: TOKEN, http: testHttp(), videoId: '7300000000000000007', maxCount: 2 }),
      store,
    );
    expect(posts).toHaveLength(5);
    expect(posts[0]).toMatchObject({
      externalId: '7310000000000000001',
      body: 'love it 1',
      author: { externalId: 'unknown' },
      parentExternalId: '7300000000000000007',
    });
    const bad = await collect(new TikTokVideosConnector({ baseUrl: fake.url, accessToken: 'nope', http: testHttp(), ...account }), store);
    expect(bad.report).toMatchObject({ ended: 'stopped', reason: 'access_token_invalid' });
    await fake.close();
  });
});

describe('TikTok research client token', () => {
  it('is asked for with client credentials, kept until a minute before it ends, and a refusal says what TikTok answered', async () => {
    forgetResearchTokens();
    let asked = 0;
    const fake = await startFake((req) => {
      const form = new URLSearchParams(req.text);
      asked++;
      if (form.get('client_secret') !== 's3cret') return { status: 401, json: { error: 'invalid_client', error_description: 'Client secret is wrong.' } };
      return { json: { access_token: `clt.${asked}`, expires_in: 7200, token_type: 'Bearer' } };
    });
    try {
      const http = testHttp();
      const creds = { clientKey: 'k', clientSecret: 's3cret' };
      expect(await researchClientToken(fake.url, creds, http, 0)).toBe('clt.1');
      expect(await researchClientToken(fake.url, creds, http, 7_000_000)).toBe('clt.1');
      expect(await researchClientToken(fake.url, creds, http, 7_200_000)).toBe('clt.2');
      expect(fake.requests[0].text).toContain('grant_type=client_credentials');
      await expect(researchClientToken(fake.url, { clientKey: 'k', clientSecret: 'wrong' }, http, 0)).rejects.toThrow('Client secret is wrong.');
    } finally {
      forgetResearchTokens();
      await fake.close();
    }
  });
});
