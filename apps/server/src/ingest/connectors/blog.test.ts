import { beforeEach, describe, expect, it } from 'vitest';
import { BlogFeedConnector, htmlToText } from './blog.ts';
import { memoryCursorStore, type CursorStore } from './cursor-store.ts';
import { articles, startBlogFake } from './fakes/blog.ts';
import { collect, fakeClock, ids, testHttp } from './fakes/harness.ts';

let store: CursorStore;
beforeEach(() => void (store = memoryCursorStore()));

describe('blog feed connector', () => {
  it('reads a paged RSS feed, waits out a 429, retries malformed XML and skips an undated item', async () => {
    const list = articles();
    delete list[3].date;
    const fake = await startBlogFake({ articles: list, faults: { '/feed:1': [{ status: 429, headers: { 'retry-after': '90' }, raw: 'slow down' }], '/feed:2': [{ raw: '<rss><channel><item><title>cut' }] } });
    const clock = fakeClock();
    const c = new BlogFeedConnector({ feedUrl: `${fake.url}/feed`, http: testHttp(clock) });
    const { posts, report } = await collect(c, store);
    await fake.close();
    expect(clock.sleeps).toEqual([90_000]);
    expect(ids(posts)).toEqual(['https://blog.example/?p=5', 'https://blog.example/?p=4', 'https://blog.example/?p=3', 'https://blog.example/?p=1']);
    expect(report).toMatchObject({ ended: 'done', pages: 2, skipped: { malformed_xml: 1, bad_date: 1 } });
    const host = new URL(fake.url).host;
    expect(posts[0]).toEqual({
      streamId: 13,
      externalId: 'https://blog.example/?p=5',
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
    expect([...ids(one.posts), ...ids(two.posts)]).toEqual(articles().map((a) => a.id));
    expect(one.posts[1].author.name).toBe('Johan');
    const three = await collect(make(), store);
    expect(three.posts).toEqual([]);
    expect(fake.requests.at(-1)!.headers['if-none-match']).toBe('"v5"');
    fake.articles.unshift({ id: 'https://blog.example/?p=6', title: 'Post 6', html: 'new', author: 'Lerato', date: new Date(Date.UTC(2024, 0, 6, 9)).toISOString() });
    const four = await collect(make(), store);
    expect(ids(four.posts)).toEqual(['https://blog.example/?p=6']);
    await fake.close();
  });

  it('turns HTML into text', () => {
    expect(htmlToText('<p>A&amp;B&#8217;s <i>new</i></p><script>x()</script>line&#x21;')).toBe("A&B’s new\nline!");
  });
});
