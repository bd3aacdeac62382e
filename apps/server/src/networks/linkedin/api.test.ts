import { beforeEach, describe, expect, it } from 'vitest';
import { memoryCursorStore, type CursorStore } from '../../ingest/connectors/cursor-store.ts';
import { collect, fakeClock, ids, testHttp } from '../../ingest/connectors/fakes/harness.ts';
import { liComments, liPosts, ORG, startLinkedInFake } from './fake.ts';
import { truncated } from '../../ingest/connectors/fakes/server.ts';
import { LinkedInCommentsConnector, LinkedInPostsConnector, linkedInVersionWarning } from './api.ts';
import { createConnector, DEFAULT_LINKEDIN_VERSION } from '../registry.ts';

// Each test starts from no stored cursor; cursor-store.test.ts runs the same against PGlite.
let store: CursorStore;
beforeEach(() => void (store = memoryCursorStore()));

const TOKEN = 'li-token';
const V = DEFAULT_LINKEDIN_VERSION;
const tooMany = { status: 429, headers: { 'retry-after': '12' }, json: { status: 429, message: 'Resource level throttle limit reached' } };

describe('LinkedIn connector', () => {
  it('reads organisation posts by start/count with the version header, waits out a 429, retries a truncated page', async () => {
    const posts = liPosts();
    posts[1].lifecycleState = 'DRAFT';
    const fake = await startLinkedInFake({ token: TOKEN, posts, faults: { 'posts:3': [tooMany], 'posts:6': [truncated()] } });
    const clock = fakeClock();
    const c = new LinkedInPostsConnector({
      baseUrl: fake.url,
      accessToken: TOKEN,
      version: V,
      http: testHttp(clock),
      orgUrn: ORG,
      orgName: 'Brand SA',
      count: 3,
    });
    const { posts: got, report } = await collect(c, store);
    await fake.close();
    expect(clock.sleeps).toEqual([12_000]);
    expect(ids(got)).toEqual(['urn:li:share:707', 'urn:li:share:705', 'urn:li:share:704', 'urn:li:share:703', 'urn:li:share:702', 'urn:li:share:701']);
    expect(report).toMatchObject({ ended: 'done', skipped: { not_published: 1, malformed_json: 1 } });
    expect(got[0]).toEqual({
      streamId: 11,
      externalId: 'urn:li:share:707',
      body: 'org post 7',
      postedAt: new Date(Date.UTC(2024, 0, 10, 9, 7)),
      author: { externalId: ORG, name: 'Brand SA' },
      link: 'https://www.linkedin.com/feed/update/urn:li:share:707/',
    });
    expect(fake.requests[0].headers['linkedin-version']).toBe(V);
    expect(fake.requests[0].headers['x-restli-protocol-version']).toBe('2.0.0');
  });

  it('resumes from the stored start after a stop, and the next sweep ends at the newest post already read', async () => {
    const fake = await startLinkedInFake({ token: TOKEN });
    const make = () => new LinkedInPostsConnector({ baseUrl: fake.url, accessToken: TOKEN, version: V, http: testHttp(), orgUrn: ORG, count: 4 });
    const one = await collect(make(), store, { maxPages: 1 });
    const two = await collect(make(), store);
    expect([...ids(one.posts), ...ids(two.posts)]).toEqual(liPosts().map((p) => p.id));
    const t = Date.UTC(2024, 0, 10, 9, 30);
    fake.posts.unshift({ ...liPosts()[0], id: 'urn:li:share:708', createdAt: t, publishedAt: t });
    const three = await collect(make(), store);
    expect(ids(three.posts)).toEqual(['urn:li:share:708']);
    await fake.close();
  });

  it("reads a post's comments and later resumes after the last one", async () => {
    const fake = await startLinkedInFake({ token: TOKEN });
    const make = () =>
      new LinkedInCommentsConnector({ baseUrl: fake.url, accessToken: TOKEN, version: V, http: testHttp(), postUrn: 'urn:li:share:707', count: 2 });
    const first = await collect(make(), store);
    expect(first.posts).toHaveLength(5);
    expect(first.posts[0]).toMatchObject({
      externalId: 'urn:li:comment:(urn:li:share:707,1)',
      body: 'well said 1',
      author: { externalId: 'urn:li:person:p1' },
      parentExternalId: 'urn:li:share:707',
    });
    expect(fake.requests[0].path).toBe('/rest/socialActions/urn:li:share:707/comments');
    fake.comments.push({
      ...fake.comments[0],
      commentUrn: 'urn:li:comment:(urn:li:share:707,6)',
      message: { text: 'late' },
      created: { time: Date.UTC(2024, 0, 10, 12) },
    });
    const later = await collect(make(), store);
    expect(ids(later.posts)).toEqual(['urn:li:comment:(urn:li:share:707,6)']);
    await fake.close();
  });
  it('skips posts that are not public: members-only, group-only, or dark posts not on the page (not_public)', async () => {
    const posts = liPosts();
    posts[1].visibility = 'CONNECTIONS';
    posts[2].visibility = 'CONTAINER';
    posts[3].distribution = { feedDistribution: 'NONE' };
    const fake = await startLinkedInFake({ token: TOKEN, posts });
    const { posts: got, report } = await collect(
      new LinkedInPostsConnector({ baseUrl: fake.url, accessToken: TOKEN, version: V, http: testHttp(), orgUrn: ORG }),
      store,
    );
    await fake.close();
    expect(ids(got)).toEqual(['urn:li:share:707', 'urn:li:share:703', 'urn:li:share:702', 'urn:li:share:701']);
    expect(report.skipped).toEqual({ not_public: 3 });
  });

  it('sends, by default, a LinkedIn-Version that LinkedIn still serves, and reads every post', async () => {
    const fake = await startLinkedInFake({ token: TOKEN });
    const c = createConnector({ kind: 'linkedin.posts', accessToken: TOKEN, orgUrn: ORG }, { baseUrls: { linkedin: fake.url }, http: testHttp() });
    const { posts, report } = await collect(c, store);
    await fake.close();
    expect(report).toMatchObject({ ended: 'done', skipped: {} });
    expect(ids(posts)).toEqual(liPosts().map((p) => p.id));
    expect(fake.requests[0].headers['linkedin-version']).toBe(DEFAULT_LINKEDIN_VERSION);
  });

  it('stops with version_not_served, saying to set LINKEDIN_VERSION, when LinkedIn no longer serves the version', async () => {
    const fake = await startLinkedInFake({ token: TOKEN });
    const warnings: string[] = [];
    const log = { warn: (o: Record<string, unknown>, m: string) => void warnings.push(`${m} ${String(o.detail ?? '')}`) };
    const c = new LinkedInPostsConnector({ baseUrl: fake.url, accessToken: TOKEN, version: '202401', http: testHttp(), orgUrn: ORG });
    const { posts, report } = await collect(c, store, { log });
    await fake.close();
    expect(posts).toEqual([]);
    expect(report).toMatchObject({ ended: 'stopped', reason: 'version_not_served', skipped: { version_not_served: 1 } });
    expect(report.detail).toMatch(/no longer serves LinkedIn-Version 202401: set LINKEDIN_VERSION/);
    expect(warnings.join('\n')).toMatch(/connector: stopped .*set LINKEDIN_VERSION/);
    expect(fake.requests).toHaveLength(1);
  });

  it('warns when the configured version is older than ten months or is not a version', () => {
    const now = new Date('2026-11-20T00:00:00Z');
    expect(linkedInVersionWarning('202401', now)).toMatch(/LINKEDIN_VERSION 202401 is 34 months old.*set LINKEDIN_VERSION/);
    expect(linkedInVersionWarning('202512', now)).toMatch(/11 months old/);
    expect(linkedInVersionWarning('202601', now)).toBeNull();
    expect(linkedInVersionWarning(DEFAULT_LINKEDIN_VERSION, now)).toBeNull();
    expect(linkedInVersionWarning('202608.01', now)).toBeNull();
    expect(linkedInVersionWarning('2026-08', now)).toMatch(/not a LinkedIn version/);
  });

  it('keeps reading new comments when LinkedIn lists them newest first, without repeating old ones', async () => {
    const post = 'urn:li:share:707';
    const fake = await startLinkedInFake({ token: TOKEN, comments: liComments(post), commentOrder: 'newest' });
    const make = () => new LinkedInCommentsConnector({ baseUrl: fake.url, accessToken: TOKEN, version: V, http: testHttp(), postUrn: post, count: 2 });
    const urn = (n: number) => `urn:li:comment:(${post},${n})`;
    const comment = (n: number, minute: number) => ({
      ...liComments(post)[0],
      id: String(n),
      commentUrn: urn(n),
      message: { text: `new ${n}` },
      created: { time: Date.UTC(2024, 0, 10, 12, minute) },
    });

    const first = await collect(make(), store);
    expect(ids(first.posts).sort()).toEqual([1, 2, 3, 4, 5].map(urn));
    fake.comments.push(comment(6, 0));
    const second = await collect(make(), store);
    expect(ids(second.posts)).toEqual([urn(6)]);
    // Another comment in the same millisecond as the newest one read is not lost either.
    fake.comments.push(comment(7, 0));
    const third = await collect(make(), store);
    expect(ids(third.posts)).toEqual([urn(7)]);
    const fourth = await collect(make(), store);
    expect(fourth.posts).toEqual([]);
    expect(fourth.report).toMatchObject({ ended: 'done', skipped: {} });
    await fake.close();
  });
});
