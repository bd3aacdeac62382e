// A local fake blog: an RSS 2.0 feed (/feed) and an Atom feed (/atom), each paged with
// rel="next" links (RFC 5005 paged feeds) or, with `archived`, rel="prev-archive" links (RFC 5005
// archived feeds: the subscription document holds the newest, each archive links the one before),
// an ETag answered with 304 when nothing changed; with `wordpress`, no links and `?paged=N` pages.
import { Faults, startFake, type FakeReply, type FakeServer } from '../../ingest/connectors/fakes/server.ts';

export interface FakeArticle {
  id: string;
  title: string;
  html: string;
  author?: string;
  date?: string;
}

/** Five articles, newest first. */
export function articles(): FakeArticle[] {
  return Array.from({ length: 5 }, (_, i) => {
    const n = 5 - i;
    return {
      id: `https://blog.example/?p=${n}`,
      title: `Post ${n} & more`,
      html: `<p>Brand SA <b>launch</b> ${n}</p><p>second&nbsp;para</p>`,
      author: n % 2 ? 'Lerato' : 'Johan',
      date: new Date(Date.UTC(2024, 0, n, 9)).toISOString(),
    };
  });
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function rss(base: string, list: FakeArticle[], next: string | null, rel: string): string {
  const items = list
    .map(
      (a) =>
        `<item><title>${esc(a.title)}</title><link>${a.id.replace('?p=', 'post-')}</link><guid isPermaLink="false">${a.id}</guid>${a.date ? `<pubDate>${new Date(a.date).toUTCString()}</pubDate>` : ''}${a.author ? `<dc:creator><![CDATA[${a.author}]]></dc:creator>` : ''}<description><![CDATA[${a.html}]]></description></item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Example Blog</title><link>${base}</link><description>d</description>${next ? `<atom:link rel="${rel}" href="${next}"/>` : ''}${items}</channel></rss>`;
}

function atom(list: FakeArticle[], next: string | null, rel: string): string {
  const entries = list
    .map(
      (a) =>
        `<entry><id>${a.id}</id><title type="text">${esc(a.title)}</title><link rel="alternate" href="${a.id.replace('?p=', 'post-')}"/>${a.date ? `<updated>${a.date}</updated>` : ''}${a.author ? `<author><name>${a.author}</name></author>` : ''}<content type="html">${esc(a.html)}</content></entry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Example Atom</title><id>urn:example</id><updated>2024-01-05T09:00:00Z</updated>${next ? `<link rel="${rel}" href="${next}"/>` : ''}<link rel="self" href="/atom"/>${entries}</feed>`;
}

export interface BlogFakeOptions {
  pageSize?: number;
  articles?: FakeArticle[];
  faults?: Record<string, FakeReply[]>;
  /** Link older pages as archives (rel="prev-archive") instead of pages (rel="next"). */
  archived?: boolean;
  /**
   * WordPress's paging: the RSS feed links no other page; `/feed?paged=N` (N ≥ 2) serves page N
   * and a 404 past the last page. Without it the fake, like a server that is not WordPress,
   * answers `?paged=N` with its first page.
   */
  wordpress?: boolean;
}

export async function startBlogFake(opts: BlogFakeOptions = {}) {
  const list = opts.articles ?? articles();
  const faults = new Faults(opts.faults);
  const size = opts.pageSize ?? 3;
  const server: FakeServer = await startFake((req) => {
    const page = Number((opts.wordpress ? req.query.get('paged') : req.query.get('page')) ?? 1);
    const fault = faults.take(`${req.path}:${page}`);
    if (fault) return fault;
    const etag = `"v${list.length}"`;
    if (page === 1 && req.headers['if-none-match'] === etag) return { status: 304, raw: '' };
    const slice = list.slice((page - 1) * size, page * size);
    if (opts.wordpress && page > 1 && slice.length === 0) return { status: 404, raw: '<!doctype html><title>Page not found</title>' };
    const next = !opts.wordpress && page * size < list.length ? `${req.path}?page=${page + 1}` : null;
    const rel = opts.archived ? 'prev-archive' : 'next';
    if (req.path === '/feed') return { raw: rss(`http://${req.headers.host}`, slice, next, rel), headers: { 'content-type': 'application/rss+xml', etag } };
    if (req.path === '/atom') return { raw: atom(slice, next, rel), headers: { 'content-type': 'application/atom+xml', etag } };
    return { status: 404, raw: 'not found' };
  });
  return { ...server, articles: list };
}
