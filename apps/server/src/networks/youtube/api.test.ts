import { beforeEach, describe, expect, it } from 'vitest';
import { memoryCursorStore, type CursorStore } from '../../ingest/connectors/cursor-store.ts';
import { collect, fakeClock, ids, testHttp } from '../../ingest/connectors/fakes/harness.ts';
import { truncated } from '../../ingest/connectors/fakes/server.ts';
import { CHANNEL, startYouTubeFake, ytError, ytVideos } from './fake.ts';
import { YouTubeChannelConnector, YouTubeCommentsConnector, YouTubeSearchConnector } from './api.ts';
import { migratedTestDb } from '../../test/harness.ts';
import { ingestPosts } from '../../ingest/pipeline.ts';

// Each test starts from no stored cursor; cursor-store.test.ts runs the same against PGlite.
let store: CursorStore;
beforeEach(() => void (store = memoryCursorStore()));

const KEY = 'yt-api-key';
const rateLimited = { ...ytError(403, 'rateLimitExceeded'), headers: { 'retry-after': '7' } };

describe('YouTube connector', () => {
  it('searches over pages, completes each page with videos.list, waits out rateLimitExceeded and retries a truncated page', async () => {
    const fake = await startYouTubeFake({ apiKey: KEY, faults: { 'search:p2': [rateLimited], 'videos:first': [truncated()] } });
    const clock = fakeClock();
    const c = new YouTubeSearchConnector({ baseUrl: fake.url, apiKey: KEY, http: testHttp(clock), q: 'brand sa', maxResults: 2 });
    const { posts, report } = await collect(c, store);
    await fake.close();
    expect(clock.sleeps).toEqual([7_000]);
    expect(ids(posts)).toEqual(['vid6', 'vid5', 'vid4', 'vid3', 'vid2', 'vid1']);
    expect(report).toMatchObject({ ended: 'done', pages: 3, skipped: { malformed_json: 1 } });
    expect(posts[0]).toEqual({
      streamId: 10,
      externalId: 'vid6',
      body: 'Video 6\n\nAll about the brand, part 6',
      postedAt: new Date('2024-01-06T08:00:00Z'),
      author: { externalId: 'UCbrand', name: 'Brand SA' },
      link: 'https://www.youtube.com/watch?v=vid6',
      mediaUrl: 'https://i.ytimg.com/vi/vid6/hqdefault.jpg',
      likes: 10,
      comments: 5,
      views: 1000,
      language: null,
    });
    const q = fake.requests[0].query;
    expect([q.get('part'), q.get('q'), q.get('type'), q.has('key')]).toEqual(['snippet', 'brand sa', 'video', false]);
  });

  it('resumes a search from the stored page token, then sweeps only newer videos', async () => {
    const fake = await startYouTubeFake({ apiKey: KEY });
    const make = () => new YouTubeSearchConnector({ baseUrl: fake.url, apiKey: KEY, http: testHttp(), q: 'resume', maxResults: 4 });
    const one = await collect(make(), store, { maxPages: 1 });
    const two = await collect(make(), store);
    expect([...ids(one.posts), ...ids(two.posts)]).toEqual(['vid6', 'vid5', 'vid4', 'vid3', 'vid2', 'vid1']);
    fake.videos.unshift({ id: 'vid7', publishedAt: '2024-01-07T08:00:00Z', title: 'Video 7', description: 'new' });
    const three = await collect(make(), store);
    expect(ids(three.posts)).toEqual(['vid7']);
    expect(fake.requests.find((r) => r.query.get('publishedAfter'))?.query.get('publishedAfter')).toBe('2024-01-06T08:00:01.000Z');
    await fake.close();
  });

  it('stops with a counted reason when the daily quota is spent', async () => {
    const fake = await startYouTubeFake({
      apiKey: KEY,
      faults: { 'search:first': [ytError(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your quota.')] },
    });
    const clock = fakeClock();
    const { report } = await collect(new YouTubeSearchConnector({ baseUrl: fake.url, apiKey: KEY, http: testHttp(clock), q: 'quota' }), store);
    await fake.close();
    expect(report).toMatchObject({ ended: 'stopped', reason: 'quota_exceeded', skipped: { quota_exceeded: 1 } });
    expect(clock.sleeps).toEqual([]);
  });

  it("reads a channel's uploads through its uploads playlist", async () => {
    const fake = await startYouTubeFake({ apiKey: KEY });
    const make = () => new YouTubeChannelConnector({ baseUrl: fake.url, apiKey: KEY, http: testHttp(), channelId: CHANNEL.id, maxResults: 4 });
    const { posts } = await collect(make(), store);
    expect(ids(posts)).toEqual(['vid6', 'vid5', 'vid4', 'vid3', 'vid2', 'vid1']);
    expect(fake.requests.filter((r) => r.path.endsWith('/channels'))).toHaveLength(1);
    const again = await collect(make(), store);
    expect(again.posts).toEqual([]);
    await fake.close();
  });

  // A video carries the channel's title (channelTitle), a comment only its @handle
  // (authorDisplayName): stored, each keeps its place whichever connector ran last.
  it("keeps a channel's title as its name and its @handle as its handle, whichever of the channel and comments connectors runs last", async () => {
    const fake = await startYouTubeFake({ apiKey: KEY, channelThreads: ['Ugc2'] });
    const channel = () => new YouTubeChannelConnector({ baseUrl: fake.url, apiKey: KEY, http: testHttp(), channelId: CHANNEL.id });
    const comments = () => new YouTubeCommentsConnector({ baseUrl: fake.url, apiKey: KEY, http: testHttp(), videoId: 'vid6' });
    const own = (posts: { author: { externalId: string } }[]) => posts.find((p) => p.author.externalId === CHANNEL.id)?.author;
    const videos = await collect(channel(), memoryCursorStore());
    const thread = await collect(comments(), memoryCursorStore());
    expect(own(videos.posts)).toEqual({ externalId: CHANNEL.id, name: CHANNEL.title, handle: 'brandsa' });
    expect(own(thread.posts)).toEqual({ externalId: CHANNEL.id, name: null, handle: 'brandsa' });
    await fake.close();
    for (const order of [
      [videos, thread],
      [thread, videos],
    ]) {
      const h = await migratedTestDb();
      try {
        for (const run of order) await ingestPosts(h.db, run.posts);
        const author = await h.db.selectFrom('authors').select(['name', 'handle']).where('external_id', '=', CHANNEL.id).executeTakeFirstOrThrow();
        expect(author).toEqual({ name: CHANNEL.title, handle: 'brandsa' });
        // A viewer known only by a comment is named by its handle.
        const viewer = await h.db.selectFrom('authors').select(['name', 'handle']).where('external_id', '=', 'UCviewer5').executeTakeFirstOrThrow();
        expect(viewer).toEqual({ name: 'viewer5', handle: 'viewer5' });
      } finally {
        await h.close();
      }
    }
  });

  it("reads a video's comment threads newest first", async () => {
    const fake = await startYouTubeFake({ apiKey: KEY });
    const { posts } = await collect(new YouTubeCommentsConnector({ baseUrl: fake.url, apiKey: KEY, http: testHttp(), videoId: 'vid6', maxResults: 2 }), store);
    await fake.close();
    expect(ids(posts)).toEqual(['Ugc5', 'Ugc4', 'Ugc3', 'Ugc2', 'Ugc1']);
    expect(posts[0]).toMatchObject({
      body: 'comment 5',
      parentExternalId: 'vid6',
      author: { externalId: 'UCviewer5', name: null, handle: 'viewer5' },
      link: 'https://www.youtube.com/watch?v=vid6&lc=Ugc5',
    });
  });
  // An owner's token lists private and unlisted uploads too; only public videos are listening data.
  it('skips videos that are not public and comment threads that are not (not_public)', async () => {
    const videos = ytVideos();
    videos[1].privacyStatus = 'private';
    videos[3].privacyStatus = 'unlisted';
    const fake = await startYouTubeFake({ apiKey: KEY, videos, privateThreads: ['Ugc4'] });
    const channel = await collect(new YouTubeChannelConnector({ baseUrl: fake.url, apiKey: KEY, http: testHttp(), channelId: CHANNEL.id }), store);
    const search = await collect(new YouTubeSearchConnector({ baseUrl: fake.url, apiKey: KEY, http: testHttp(), q: 'all' }), store);
    const comments = await collect(new YouTubeCommentsConnector({ baseUrl: fake.url, apiKey: KEY, http: testHttp(), videoId: 'vid6' }), store);
    await fake.close();
    expect(ids(channel.posts)).toEqual(['vid6', 'vid4', 'vid2', 'vid1']);
    expect(channel.report.skipped).toEqual({ not_public: 2 });
    expect(ids(search.posts)).toEqual(['vid6', 'vid4', 'vid2', 'vid1']);
    expect(ids(comments.posts)).toEqual(['Ugc5', 'Ugc3', 'Ugc2', 'Ugc1']);
    expect(comments.report.skipped).toEqual({ not_public: 1 });
    const parts = fake.requests.filter((r) => r.path.endsWith('/videos') || r.path.endsWith('/playlistItems')).map((r) => r.query.get('part')!.split(','));
    expect(parts.every((p) => p.includes('status'))).toBe(true);
  });

  it('stops as channel_not_found when channels.list names no channel (an answer without items), without retrying', async () => {
    const fake = await startYouTubeFake({ apiKey: KEY });
    const { posts, report } = await collect(new YouTubeChannelConnector({ baseUrl: fake.url, apiKey: KEY, http: testHttp(), channelId: 'UCnobody' }), store);
    await fake.close();
    expect(posts).toEqual([]);
    expect(report).toMatchObject({ ended: 'stopped', reason: 'channel_not_found', skipped: { channel_not_found: 1 } });
    expect(fake.requests).toHaveLength(1);
  });

  it('asks videos.list by id without maxResults, which the API does not take with id', async () => {
    const fake = await startYouTubeFake({ apiKey: KEY });
    const { posts, report } = await collect(
      new YouTubeChannelConnector({ baseUrl: fake.url, apiKey: KEY, http: testHttp(), channelId: CHANNEL.id, maxResults: 50 }),
      store,
    );
    await fake.close();
    expect(report).toMatchObject({ ended: 'done', skipped: {} });
    expect(ids(posts)).toEqual(ytVideos().map((v) => v.id));
    const videos = fake.requests.filter((r) => r.path.endsWith('/videos'));
    expect(videos.map((r) => [r.query.get('id'), r.query.has('maxResults')])).toEqual([
      [
        ytVideos()
          .map((v) => v.id)
          .join(','),
        false,
      ],
    ]);
  });
});
