import { beforeEach, describe, expect, it } from 'vitest';
import { BlogFeedConnector, htmlToText } from './api.ts';
import { memoryCursorStore, type CursorStore } from '../../ingest/connectors/cursor-store.ts';
import { articles, startBlogFake } from './fake.ts';
import { collect, fakeClock, TEST_OUTBOUND, testHttp } from '../../ingest/connectors/fakes/harness.ts';
import { HttpClient } from '../../ingest/connectors/http.ts';
import type { Post } from '../../ingest/post.ts';

let store: CursorStore;
beforeEach(() => void (store = memoryCursorStore()));

/** The items' guids: an external id is the feed's address, a space and the guid. */
const guids = (posts: Post[]) => posts.map((p) => p.externalId.slice(p.externalId.indexOf(' ') + 1));

describe('blog feed connector', () => {
  it('reads a paged RSS feed, waits out a 429, retries malformed XML and skips an undated item', async () => {
    const list = articles();
    delete list[3].date;
    const fake = await startBlogFake({
      articles: list,
      faults: { '/feed:1': [{ status: 429, headers: { 'retry-after': '90' }, raw: 'slow down' }], '/feed:2': [{ raw: '<rss><channel><item><title>cut' }] },
    });
    const clock = fakeClock();
    const c = new BlogFeedConnector({ feedUrl: `${fake.url}/feed`, http: testHttp(clock) });
    const { posts, report } = await collect(c, store);
    await fake.close();
    expect(clock.sleeps).toEqual([90_000]);
    expect(guids(posts)).toEqual(['https://blog.example/?p=5', 'https://blog.example/?p=4', 'https://blog.example/?p=3', 'https://blog.example/?p=1']);
    expect(report).toMatchObject({ ended: 'done', pages: 2, skipped: { malformed_xml: 1, bad_date: 1 } });
    const host = new URL(fake.url).host;
    expect(posts[0]).toEqual({
      streamId: 13,
      externalId: `${fake.url}/feed https://blog.example/?p=5`,
      body: 'Post 5 & more\n\nBrand SA launch 5\nsecond para',
      postedAt: new Date(Date.UTC(2024, 0, 5, 9)),
      author: { externalId: `${host}:Lerato`, name: 'Lerato' },
      link: 'https://blog.example/post-5',
    });
  });

  it('reads an Atom feed, resumes at page 2 after a stop, and then asks conditionally (304)', async () => {
    const fake = await startBlogFake();
    const make = () => new BlogFeedConnector({ feedUrl: `${fake.url}/atom`, http: testHttp() });
    const one = await collect(make(), store, { maxPages: 1 });
    const two = await collect(make(), store);
    expect([...guids(one.posts), ...guids(two.posts)]).toEqual(articles().map((a) => a.id));
    expect(one.posts[1].author.name).toBe('Johan');
    const three = await collect(make(), store);
    expect(three.posts).toEqual([]);
    expect(fake.requests.at(-1)!.headers['if-none-match']).toBe('"v5"');
    fake.articles.unshift({
      id: 'https://blog.example/?p=6',
      title: 'Post 6',
      html: 'new',
      author: 'Lerato',
      date: new Date(Date.UTC(2024, 0, 6, 9)).toISOString(),
    });
    const four = await collect(make(), store);
    expect(guids(four.posts)).toEqual(['https://blog.example/?p=6']);
    await fake.close();
  });

  it('follows an archived feed back through its prev-archive links (RFC 5005), RSS and Atom alike', async () => {
    const fake = await startBlogFake({ archived: true, pageSize: 2 });
    for (const path of ['/feed', '/atom']) {
      const { posts, report } = await collect(new BlogFeedConnector({ feedUrl: `${fake.url}${path}`, http: testHttp() }), memoryCursorStore());
      expect(guids(posts)).toEqual(articles().map((a) => a.id));
      expect(report).toMatchObject({ ended: 'done', pages: 3 });
    }
    expect(fake.requests.filter((r) => r.path === '/atom').map((r) => r.query.get('page'))).toEqual([null, '2', '3']);
    await fake.close();
  });

  it("bounds the first sweep through a feed's history, and later sweeps read every new page back to the mark", async () => {
    const list = Array.from({ length: 12 }, (_, i) => ({
      id: `https://blog.example/?p=${12 - i}`,
      title: `Post ${12 - i}`,
      html: 'text',
      author: 'Lerato',
      date: new Date(Date.UTC(2024, 0, 12 - i, 9)).toISOString(),
    }));
    const fake = await startBlogFake({ archived: true, pageSize: 2, articles: list });
    const make = () => new BlogFeedConnector({ feedUrl: `${fake.url}/feed`, http: testHttp(), maxPages: 3 });
    const first = await collect(make(), store);
    // Three pages of history, then the sweep ends with its mark on the newest.
    expect(guids(first.posts)).toEqual(list.slice(0, 6).map((a) => a.id));
    expect(first.report).toMatchObject({ ended: 'done', pages: 3 });
    // Seven new posts: four pages back to the mark, past the first sweep's bound.
    for (let n = 19; n >= 13; n--)
      fake.articles.splice(19 - n, 0, {
        id: `https://blog.example/?p=${n}`,
        title: `Post ${n}`,
        html: 'text',
        author: 'Lerato',
        date: new Date(Date.UTC(2024, 0, n, 9)).toISOString(),
      });
    const second = await collect(make(), store);
    expect(guids(second.posts)).toEqual(fake.articles.slice(0, 7).map((a) => a.id));
    expect(second.report).toMatchObject({ ended: 'done', pages: 4 });
    await fake.close();
  });

  // WordPress pages an RSS feed with ?paged=N and links no next page: 25 posts published between
  // two sweeps fill more than the feed's first page of 10.
  const published = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: `https://blog.example/?p=${100 + i}`,
      title: `New ${i}`,
      html: `<p>Brand SA news ${i}</p>`,
      author: 'Lerato',
      date: new Date(Date.UTC(2024, 1, 1, i)).toISOString(),
    })).reverse();

  it('follows a WordPress RSS feed through ?paged=N until a page holds an item already seen, so no new post is lost', async () => {
    const fake = await startBlogFake({ wordpress: true, pageSize: 10 });
    const make = () => new BlogFeedConnector({ feedUrl: `${fake.url}/feed`, http: testHttp() });
    const first = await collect(make(), store);
    expect(first.posts).toHaveLength(5);
    // The first page held only new items: page 2 was asked, and its 404 ended the sweep.
    expect(fake.requests.map((r) => r.query.get('paged'))).toEqual([null, '2']);
    expect(first.report).toMatchObject({ ended: 'done', skipped: {} });
    const fresh = published(25);
    fake.articles.unshift(...fresh);
    fake.requests.length = 0;
    const second = await collect(make(), store);
    await fake.close();
    expect(guids(second.posts).sort()).toEqual(fresh.map((a) => a.id).sort());
    // Page 3 holds the last 5 new posts and 5 seen before: paging stops there.
    expect(fake.requests.map((r) => r.query.get('paged'))).toEqual([null, '2', '3']);
    expect(second.report).toMatchObject({ ended: 'done', skipped: {} });
  });

  it('stops following ?paged=N at maxPages pages, and at a server that answers it with its first page again', async () => {
    const fake = await startBlogFake({ wordpress: true, pageSize: 10 });
    const make = () => new BlogFeedConnector({ feedUrl: `${fake.url}/feed`, http: testHttp(), maxPages: 2 });
    await collect(make(), store);
    fake.articles.unshift(...published(25));
    fake.requests.length = 0;
    const bounded = await collect(make(), store);
    await fake.close();
    expect(bounded.posts).toHaveLength(20);
    expect(fake.requests.map((r) => r.query.get('paged'))).toEqual([null, '2']);
    // Not WordPress: ?paged=2 is the feed again, which ends the sweep without repeating its posts.
    const plain = await startBlogFake({ pageSize: 10, articles: published(4) });
    const once = await collect(new BlogFeedConnector({ feedUrl: `${plain.url}/feed`, http: testHttp() }), memoryCursorStore());
    await plain.close();
    expect(once.posts).toHaveLength(4);
    expect(plain.requests.map((r) => r.query.get('paged'))).toEqual([null, '2']);
  });

  it('turns HTML into text', () => {
    expect(htmlToText('<p>A&amp;B&#8217;s <i>new</i></p><script>x()</script>line&#x21;')).toBe('A&B’s new\nline!');
    expect(htmlToText('a <STYLE type="x">p{}</style > b <br/> c<BR>d &lt;tag&gt; &unknown; <a href="x>y">z</a>')).toBe('a b\nc\nd <tag> &unknown; y">z');
    expect(htmlToText('x<script>never closed')).toBe('x');
  });

  it('turns out-of-range character references into U+FFFD instead of throwing', () => {
    expect(htmlToText('a&#99999999;b&#x110000;c&#0;d&#xD800;e&#x1F600;&#65;')).toBe('a\uFFFDb\uFFFDc\uFFFDd\uFFFDe😀A');
    expect(htmlToText(`&#${'9'.repeat(400)};`)).toBe('\uFFFD');
  });

  // Feed bodies are unbounded: patterns that rescan a long run from every start position take
  // seconds on 50,000 characters, and the job runs on the API's event loop.
  it('takes linear time on crafted feed HTML', () => {
    const crafted = [
      '<'.repeat(50_000),
      '<style'.repeat(10_000),
      '<script>'.repeat(7_000),
      `a${' '.repeat(50_000)}b`,
      `${' \n'.repeat(25_000)}x`,
      `<br${' '.repeat(50_000)}`,
      `&${'a'.repeat(50_000)}`,
      '&#'.repeat(25_000),
    ];
    for (const html of crafted) {
      const t0 = performance.now();
      htmlToText(html);
      expect(performance.now() - t0, html.slice(0, 12)).toBeLessThan(1_000);
    }
    expect(htmlToText(`a${' '.repeat(50_000)}b`)).toBe('a b');
    expect(htmlToText(`a ${' \n '.repeat(1_000)} b`)).toBe('a\nb');
  });

  it('keeps reading a feed whose item carries a bad character reference', async () => {
    const list = articles();
    list[0].html = '<p>bad &#99999999; ref</p>';
    const fake = await startBlogFake({ articles: list });
    const { posts, report } = await collect(new BlogFeedConnector({ feedUrl: `${fake.url}/feed`, http: testHttp() }), store);
    await fake.close();
    expect(report).toMatchObject({ ended: 'done' });
    expect(posts).toHaveLength(5);
    expect(posts[0].body).toBe('Post 5 & more\n\nbad \uFFFD ref');
  });
  it('stops a feed larger than the body cap with a counted reason', async () => {
    const fake = await startBlogFake({ faults: { '/feed:1': [{ raw: `<rss version="2.0"><channel><title>${'x'.repeat(20_000)}</title></channel></rss>` }] } });
    const http = new HttpClient({ outbound: TEST_OUTBOUND, maxBodyBytes: 10_000 });
    const { posts, report } = await collect(new BlogFeedConnector({ feedUrl: `${fake.url}/feed`, http }), store);
    await fake.close();
    expect(posts).toEqual([]);
    expect(report).toMatchObject({ ended: 'stopped', reason: 'body_too_large', skipped: { body_too_large: 1 } });
  });

  it('does not follow a next link to a private or metadata address', async () => {
    const item = '<item><title>One</title><guid>g1</guid><pubDate>Mon, 01 Jan 2024 09:00:00 GMT</pubDate><description>hello</description></item>';
    const page = `<?xml version="1.0"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>T</title><atom:link rel="next" href="http://169.254.169.254/latest/meta-data/"/>${item}</channel></rss>`;
    const fake = await startBlogFake({ faults: { '/feed:1': [{ raw: page }] } });
    // The feed's own host is allowed by name; where its links lead is checked on its own.
    const http = new HttpClient({ outbound: { allowHosts: ['127.0.0.1'] } });
    const { posts, report } = await collect(new BlogFeedConnector({ feedUrl: `${fake.url}/feed`, http }), store);
    await fake.close();
    expect(guids(posts)).toEqual(['g1']);
    expect(report).toMatchObject({ ended: 'stopped', reason: 'blocked_address', skipped: { blocked_address: 1 } });
  });
});
