// Blogs through their RSS 2.0 or Atom feed: the feed's address and the item's guid/id as the
// external id (a guid is the feed's word, not the world's: another feed may publish the same one),
// pubDate/updated, author/dc:creator, link. A feed is fetched conditionally (ETag, Last-Modified) and, when it
// is paged or archived (RFC 5005 rel="next" or rel="prev-archive"), followed back to what the
// last sweep had seen; the first sweep reads at most maxPages pages of a feed's history. A plain
// RSS feed without such links is followed WordPress's way (`?paged=N`), bounded (pagedFeedUrl).
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Post } from '../../ingest/post.ts';
import { HttpClient, HttpConnector } from '../../ingest/connectors/http.ts';
import { date, failedPage, isObj, malformedPage, obj, PageBuilder, str, toPost, type Obj } from '../../ingest/connectors/normalise.ts';
import { afterPage, isNew, maxMark, newer, type SweepCursor } from '../../ingest/connectors/sweep.ts';
import type { PageOutcome, Skip } from '../../ingest/connectors/types.ts';

export const BLOG_STREAM = 13;

export interface BlogConfig {
  /** The feed's address (RSS 2.0 or Atom). */
  feedUrl: string;
  http?: HttpClient;
  /** Pages the first sweep reads back into a paged or archived feed's history (default 10). */
  maxPages?: number;
}

export const BLOG_MAX_PAGES = 10;

export interface FeedCursor extends SweepCursor {
  etag: string | null;
  lastModified: string | null;
  /** Pages read in the current sweep (null in cursors stored before it was counted). */
  pages: number | null;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Keep ids and titles as text even when they look like numbers.
  parseTagValue: false,
  isArray: (name) => ['item', 'entry', 'link', 'atom:link', 'author'].includes(name),
});

/** Text of an element that may carry attributes ({'#text': ...}). */
function text(v: unknown): string | undefined {
  if (Array.isArray(v)) return text(v[0]);
  return str(isObj(v) ? v['#text'] : v);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const BREAK_TAG = /^(br|\/p|\/div|\/li|\/h\d)\s*\/?$/i;
const REPLACEMENT = '\uFFFD';

/** A numeric character reference's character; 0, surrogates and code points past U+10FFFF are U+FFFD (as browsers do). */
function codePoint(digits: string, hex: boolean): string {
  const cp = hex ? parseInt(digits, 16) : Number(digits);
  return Number.isSafeInteger(cp) && cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : REPLACEMENT;
}

/** Is `lower` (the lower-cased html) at i the start of a <script or <style element? Returns its name. */
function rawTextElement(lower: string, i: number): 'script' | 'style' | null {
  for (const name of ['script', 'style'] as const)
    if (lower.startsWith(name, i + 1)) {
      const next = lower.charCodeAt(i + 1 + name.length);
      // "<script>", "<script src…>", "<script/>": not "<scripts>".
      if (Number.isNaN(next) || next === 62 || next === 47 || next <= 32) return name;
    }
  return null;
}

/**
 * Feed bodies are HTML; the pipeline wants the words. Every step is one forward scan (feed text
 * is unbounded and untrusted: no pattern may rescan a long run from each start position).
 */
export function htmlToText(html: string): string {
  const lower = html.toLowerCase();
  const parts: string[] = [];
  let i = 0;
  for (;;) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    const raw = rawTextElement(lower, lt);
    if (raw) {
      // Script and style contents are dropped up to their end tag; an unclosed one runs to the end.
      parts.push(html.slice(i, lt), ' ');
      const close = lower.indexOf(`</${raw}`, lt);
      const gt = close < 0 ? -1 : html.indexOf('>', close);
      if (gt < 0) {
        i = html.length;
        break;
      }
      i = gt + 1;
      continue;
    }
    const gt = html.indexOf('>', lt + 1);
    if (gt < 0) break; // no tag can close any more: the rest is text
    if (gt === lt + 1) {
      parts.push(html.slice(i, lt + 1)); // "<>" is text
      i = gt;
      continue;
    }
    parts.push(html.slice(i, lt), BREAK_TAG.test(html.slice(lt + 1, gt)) ? '\n' : ' ');
    i = gt + 1;
  }
  parts.push(html.slice(i));
  return (
    parts
      .join('')
      // Linear: each "&" starts at most one scan of the run of letters or digits after it.
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
        e[0] === '#' ? (e[1] === 'x' || e[1] === 'X' ? codePoint(e.slice(2), true) : codePoint(e.slice(1), false)) : (ENTITIES[e.toLowerCase()] ?? m),
      )
      // Each maximal run of white space is matched once: one with a line break becomes the break,
      // spaces and tabs in the others one space.
      .replace(/\s+/g, (run) => (run.includes('\n') ? '\n' : run.replace(/[ \t]+/g, ' ')))
      .trim()
  );
}

function links(v: unknown): Obj[] {
  return (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((l) => (isObj(l) ? l : { '@_href': l }));
}
const relLink = (ls: Obj[], rel: string) => str(ls.find((l) => (str(l['@_rel']) ?? 'alternate') === rel)?.['@_href']);

/** A link as an absolute address, resolved against the page it came from ("/post-1" is common). */
function absolute(link: string | undefined, base: string): string | undefined {
  if (link === undefined) return undefined;
  try {
    return new URL(link.trim(), base).toString();
  } catch {
    return undefined;
  }
}

/**
 * WordPress pages a plain RSS feed with `?paged=N` (N from 2; 404 past the last page) and links
 * no next page: the address of page `n` of the feed.
 */
export function pagedFeedUrl(feedUrl: string, n: number): string {
  const u = new URL(feedUrl);
  u.searchParams.set('paged', String(n));
  return u.toString();
}

/** An item's external id: the feed's address, a space (never in a serialised address), its guid. */
export const feedItemId = (feedHref: string, guid: string) => `${feedHref} ${guid}`;

function itemToPost(it: Obj, atom: boolean, feed: { href: string; host: string; title?: string; base: string }): Post | Skip {
  const ls = links(it.link);
  const given = atom ? relLink(ls, 'alternate') : (text(it.link) ?? str(ls[0]?.['@_href']));
  const link = given && /^[a-z][a-z0-9+.-]*:/i.test(given.trim()) ? given.trim() : absolute(given, feed.base);
  const authorName = atom ? text(obj((it.author as unknown[] | undefined)?.[0]).name) : (text(it['dc:creator']) ?? text(it.author));
  const title = text(it.title) ?? '';
  const html = atom ? (text(it.content) ?? text(it.summary)) : (text(it['content:encoded']) ?? text(it.description));
  const guid = atom ? text(it.id) : (text(it.guid) ?? link);
  return toPost({
    streamId: BLOG_STREAM,
    externalId: guid === undefined ? undefined : feedItemId(feed.href, guid),
    body: [title, htmlToText(html ?? '')].filter(Boolean).join('\n\n'),
    postedAt: date(atom ? (text(it.published) ?? text(it.updated)) : (text(it.pubDate) ?? text(it['dc:date']))),
    // The author is known by name only; the blog's host keeps names of different blogs apart.
    author: { externalId: `${feed.host}:${authorName ?? feed.title ?? feed.host}`, name: authorName ?? feed.title ?? feed.host },
    link: link ?? null,
  });
}

export class BlogFeedConnector extends HttpConnector<FeedCursor, BlogConfig> {
  readonly name = 'blog.feed';
  constructor(cfg: BlogConfig) {
    super(cfg, cfg.feedUrl);
  }

  async fetchPage(cursor: FeedCursor | null): Promise<PageOutcome<FeedCursor>> {
    const same: FeedCursor = cursor ?? { mark: null, page: null, top: null, etag: null, lastModified: null, pages: 0 };
    const firstPage = !cursor?.page;
    const headers: Record<string, string> = { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.8' };
    if (firstPage && same.etag) headers['if-none-match'] = same.etag;
    if (firstPage && same.lastModified) headers['if-modified-since'] = same.lastModified;
    const url = cursor?.page ?? this.cfg.feedUrl;
    const r = await this.http.send({ url, headers });
    // Past a WordPress feed's last page (`?paged=N`, asked below) comes a 404: the sweep ends.
    const wordPressPage = !firstPage && url === pagedFeedUrl(this.cfg.feedUrl, (same.pages ?? 0) + 1);
    if (!r.ok && wordPressPage && r.status === 404)
      return {
        page: { posts: [], skipped: [] },
        cursor: { ...afterPage(cursor, null, null, false).cursor, etag: same.etag, lastModified: same.lastModified, pages: 0 },
        next: 'done',
      };
    if (!r.ok) return failedPage(same, r);
    if (r.status === 304) return { page: { posts: [], skipped: [] }, cursor: same, next: 'done' };
    if (XMLValidator.validate(r.text) !== true) {
      this.http.log.warn({ feed: this.key, bytes: r.text.length }, 'connector: malformed feed skipped');
      return { page: { posts: [], skipped: [{ reason: 'malformed_xml' }] }, cursor: same, next: 'retry', reason: 'malformed_xml' };
    }
    const doc = obj(parser.parse(r.text));
    const channel = obj(obj(doc.rss).channel);
    const atom = isObj(doc.feed);
    const root = atom ? obj(doc.feed) : channel;
    const items = atom ? root.entry : channel.item;
    if (!atom && !isObj(obj(doc.rss).channel)) return malformedPage(same, 'neither rss nor atom');
    const address = new URL(this.cfg.feedUrl);
    const feed = { href: address.href, host: address.host, title: text(root.title), base: String(url) };
    const b = new PageBuilder();
    let newest: number | null = null;
    let reached = false;
    // Feeds are not always in date order: filter every item rather than stop at the first old one.
    for (const it of Array.isArray(items) ? items : []) {
      const p = isObj(it) ? itemToPost(it, atom, feed) : ({ reason: 'malformed_item' } as Skip);
      if ('postedAt' in p) {
        const t = p.postedAt.getTime();
        if (!isNew(cursor, t)) {
          reached = true;
          continue;
        }
        newest = maxMark(newest, t) as number | null;
      }
      b.add(p);
    }
    // A server that is not WordPress answers `?paged=N` with its feed again: the page then holds
    // the newest item this sweep has already read, and the sweep ends without repeating it.
    if (wordPressPage && newest !== null && !newer(same.top, newest))
      return {
        page: { posts: [], skipped: [] },
        cursor: { ...afterPage(cursor, null, null, false).cursor, etag: same.etag, lastModified: same.lastModified, pages: 0 },
        next: 'done',
      };
    // RFC 5005: a paged feed links its next (older) page, an archived one its previous archive.
    const feedLinks = links(atom ? root.link : root['atom:link']);
    const relNext = relLink(feedLinks, 'next') ?? relLink(feedLinks, 'prev-archive');
    const pages = (firstPage ? 0 : (same.pages ?? 0)) + 1;
    const maxPages = this.cfg.maxPages ?? BLOG_MAX_PAGES;
    // Only the first sweep is bounded: later sweeps end at the last one's mark, and cutting them
    // short would pass over posts that were never read.
    const bounded = cursor?.mark == null && pages >= maxPages;
    // A plain RSS feed without rel="next" whose page holds only new items may have lost some past
    // its end since the last sweep: WordPress serves the older ones at `?paged=2`, 3, … Those are
    // asked until a page holds an item already seen, is empty or 404, or maxPages pages were read
    // (in every sweep: the pages are guessed, not linked).
    const wordPressNext =
      !atom && !relNext && !reached && b.posts.length + b.skipped.length > 0 && pages < maxPages && (firstPage || wordPressPage)
        ? pagedFeedUrl(this.cfg.feedUrl, pages + 1)
        : null;
    const nextHref = relNext && !bounded ? new URL(relNext, url).toString() : wordPressNext;
    const step = afterPage(cursor, newest, nextHref, reached);
    const validators = firstPage
      ? { etag: r.headers.get('etag'), lastModified: r.headers.get('last-modified') }
      : { etag: same.etag, lastModified: same.lastModified };
    return { page: b.page(), cursor: { ...step.cursor, ...validators, pages: step.next === 'more' ? pages : 0 }, next: step.next };
  }
}
