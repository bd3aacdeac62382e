// Normalise and validate posts from any connector before they cost enrichment. A post that
// cannot be stored is rejected with a reason that is counted (ingest_rejections), never dropped
// silently.
import { INGEST_STREAM_IDS, LISTING_BODY_MAX } from '@listening/contract';
import type { Post } from './post.ts';

export type RejectReason = 'unknown_stream' | 'missing_id' | 'empty_body' | 'missing_author' | 'bad_date';

const STREAMS = new Set(INGEST_STREAM_IDS);
const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
/**
 * A post's engagement count: absent (the connector does not know it) stays absent, so that storage
 * keeps the count it knows (ledger/file-posts.ts) rather than writing 0 over it; anything else is a count.
 */
const knownCount = (n: unknown) => (n === undefined || n === null ? undefined : count(n));
const text = (s: unknown) => (typeof s === 'string' ? s.trim() : '');
const DAY_MS = 86_400_000;

/**
 * An absolute http(s) address, or null: links of any other scheme (javascript:, data:, vbscript:,
 * file:…) or relative ones are dropped here, so the web app never renders them as href or src.
 */
export function webUrl(s: unknown): string | null {
  const v = text(s);
  if (!/^https?:\/\/[^/]/i.test(v)) return null;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname ? v : null;
  } catch {
    return null;
  }
}

/** A post's date as a Date: connectors hand a Date, raw JSON a string (Invalid Date if it is none). */
export const postedAtOf = (p: Pick<Post, 'postedAt'>): Date => (p.postedAt instanceof Date ? p.postedAt : new Date(p.postedAt as unknown as string));

/** A normalised post, or the reason it was rejected. */
export function normalise(p: Post, now = Date.now()): Post | RejectReason {
  if (!STREAMS.has(p?.streamId)) return 'unknown_stream';
  const externalId = text(p.externalId);
  if (!externalId) return 'missing_id';
  const body = text(p.body).slice(0, LISTING_BODY_MAX);
  if (!body) return 'empty_body';
  const a = p.author ?? ({} as Post['author']);
  const handle = text(a.handle).replace(/^@/, '') || null;
  const authorId = text(a.externalId) || handle;
  if (!authorId) return 'missing_author';
  const postedAt = postedAtOf(p);
  // A post from the future (beyond clock skew) would sit at the top of every chart for days.
  if (Number.isNaN(postedAt.getTime()) || postedAt.getTime() > now + DAY_MS) return 'bad_date';
  return {
    streamId: p.streamId,
    externalId,
    author: { externalId: authorId, name: text(a.name) || null, handle, followers: knownCount(a.followers), location: text(a.location) || null },
    body,
    postedAt,
    link: webUrl(p.link),
    mediaUrl: webUrl(p.mediaUrl),
    parentExternalId: text(p.parentExternalId) || null,
    inReplyToHandle: text(p.inReplyToHandle).replace(/^@/, '') || null,
    likes: knownCount(p.likes),
    comments: knownCount(p.comments),
    shares: knownCount(p.shares),
    views: knownCount(p.views),
    impressions: count(p.impressions),
    language: text(p.language) || null,
    country: text(p.country) || null,
    location: text(p.location) || null,
  };
}
