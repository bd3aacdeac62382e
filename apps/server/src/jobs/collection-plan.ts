// What the connector job reads besides each profile's own posts, and how often each kind may run
// so that a default deployment stays within every network's documented quota (the budget per
// kind and the sums behind it: docs/connectors.md, "Schedule and quotas").
//
// - Comments on a linked profile's newest stored posts (Facebook, Instagram, YouTube, LinkedIn,
//   TikTok) and replies: Facebook lists them with the comments (filter=stream), Instagram inline
//   with each comment, TikTok's comment list holds them; YouTube and LinkedIn replies are read
//   for stored comments that have some.
// - Instagram hashtag search from the project's hashtag rules, with the linked business account
//   (at most 30 distinct hashtags per account: Instagram's limit over 7 days).
// - YouTube keyword search from the project's rules, with YOUTUBE_API_KEY or the project's
//   linked channel's token, spread over the day to stay inside its share of the daily units.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { canonicalAccountId } from '../ingest/account-id.ts';
import { networkOfStream, type ConnectorSpec } from '../networks/index.ts';
import { tokenize } from '../networks/x/query.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface KindBudget {
  /** Least time between two runs of one instance; 0: every run of the job. */
  everyMs: number;
  /** Pages one run of an instance reads at most; the rest waits for its next run. */
  maxPages: number;
}

export const KIND_BUDGETS: Record<ConnectorSpec['kind'], KindBudget> = {
  'x.search': { everyMs: 0, maxPages: 50 },
  'x.timeline': { everyMs: 0, maxPages: 50 },
  'facebook.page': { everyMs: 0, maxPages: 50 },
  'facebook.comments': { everyMs: 30 * MINUTE, maxPages: 5 },
  'instagram.media': { everyMs: 0, maxPages: 50 },
  'instagram.comments': { everyMs: 30 * MINUTE, maxPages: 5 },
  'instagram.hashtag': { everyMs: HOUR, maxPages: 5 },
  'youtube.channel': { everyMs: 30 * MINUTE, maxPages: 10 },
  'youtube.comments': { everyMs: 2 * HOUR, maxPages: 5 },
  'youtube.replies': { everyMs: 2 * HOUR, maxPages: 2 },
  // Spread further by youtubeSearchEveryMs.
  'youtube.search': { everyMs: HOUR, maxPages: 1 },
  'linkedin.posts': { everyMs: 0, maxPages: 50 },
  'linkedin.comments': { everyMs: 2 * HOUR, maxPages: 5 },
  'tiktok.videos': { everyMs: 30 * MINUTE, maxPages: 10 },
  'tiktok.comments': { everyMs: 4 * HOUR, maxPages: 5 },
  'tiktok.replies': { everyMs: 4 * HOUR, maxPages: 5 },
  'blog.feed': { everyMs: 0, maxPages: 10 },
};

/** Stored posts per linked profile whose comments are read (its newest). */
export const POSTS_FOR_COMMENTS = 20;
/** Stored comments with replies per linked profile whose replies are read (the newest). */
export const THREADS_FOR_REPLIES = 20;
/** Instagram: distinct hashtags one business account may query in 7 days. */
export const HASHTAGS_PER_ACCOUNT = 30;
/** YouTube Data API units a day (10,000 by default) kept for keyword search; the rest is for channels. */
export const YOUTUBE_SEARCH_UNITS_PER_DAY = 5_000;
/** One search page: search.list (100 units) and the videos.list that completes it (1). */
export const YOUTUBE_SEARCH_PAGE_UNITS = 101;

/** Each keyword query's interval, so that all of them together stay inside the search units. */
export function youtubeSearchEveryMs(queries: number): number {
  const { everyMs, maxPages } = KIND_BUDGETS['youtube.search'];
  return Math.max(everyMs, Math.ceil((DAY * queries * maxPages * YOUTUBE_SEARCH_PAGE_UNITS) / YOUTUBE_SEARCH_UNITS_PER_DAY));
}

export interface RuleRow {
  kind: string;
  expression: string;
}

/** Positive terms of a rule (not after NOT), as written. */
function positiveTerms(rule: RuleRow): { v: string; quoted: boolean }[] {
  const out: { v: string; quoted: boolean }[] = [];
  let negate = false;
  for (const t of tokenize(rule.expression)) {
    if (t.t === 'op') negate = t.v === 'NOT';
    else if (t.t === 'term') {
      if (!negate) out.push(t);
      negate = false;
    }
  }
  return out;
}

/** Hashtags named by rules: every term of a hashtag rule, and #terms of other rules; folded, in rule order. */
export function hashtagsOf(rules: RuleRow[]): string[] {
  const tags = new Set<string>();
  for (const r of rules) {
    if (r.kind === 'url' || r.kind === 'profile' || r.kind === 'handle') continue;
    for (const t of positiveTerms(r)) {
      if (t.quoted || (r.kind !== 'hashtag' && !t.v.startsWith('#'))) continue;
      const tag = t.v.replace(/^#/, '').toLowerCase();
      if (/^[\p{L}\p{N}_]+$/u.test(tag)) tags.add(tag);
    }
  }
  return [...tags];
}

/**
 * YouTube search queries, one per rule: AND is a space, OR is `|`, NOT a leading `-` (the search
 * operators YouTube documents); handles, profiles and urls mean nothing to YouTube search.
 */
export function youtubeQueriesOf(rules: RuleRow[]): string[] {
  const out = new Set<string>();
  for (const r of rules) {
    if (r.kind === 'url' || r.kind === 'profile' || r.kind === 'handle') continue;
    const parts: string[] = [];
    let negate = false;
    for (const t of tokenize(r.expression)) {
      if (t.t === 'op') {
        if (t.v === 'OR') parts.push('|');
        negate = t.v === 'NOT';
        continue;
      }
      if (t.t !== 'term') continue;
      const v = t.v.replace(/^#/, '');
      parts.push(`${negate ? '-' : ''}${t.quoted ? `"${v}"` : v}`);
      negate = false;
    }
    while (parts[0] === '|') parts.shift();
    while (parts.at(-1) === '|') parts.pop();
    const q = parts.join(' ').trim();
    if (q) out.add(q);
  }
  return [...out];
}

export interface LinkedProfile {
  project_id: number;
  stream_id: number;
  external_id: string;
  handle: string | null;
}

/** The ids a linked profile's own posts carry as author (LinkedIn writes organisations as URNs). */
export function authorIdsOf(p: Pick<LinkedProfile, 'stream_id' | 'external_id'>): string[] {
  return [...new Set([p.external_id, canonicalAccountId(p.stream_id, p.external_id)])];
}

/**
 * The profile's newest stored posts (not comments), newest first: its own, and on Facebook also
 * visitors' posts to the page, whose conversations are earned mentions too. The Graph API names
 * every post of a page's feed `{page-id}_{post-id}`, whoever wrote it.
 */
export async function recentOwnedPosts(db: Db, p: LinkedProfile, limit = POSTS_FOR_COMMENTS): Promise<string[]> {
  const rows = await db
    .selectFrom('clips')
    .leftJoin('authors', 'authors.id', 'clips.author_id')
    .select('clips.external_id')
    .where('clips.stream_id', '=', p.stream_id)
    .where((eb) => {
      const own = eb.and([eb('authors.stream_id', '=', p.stream_id), eb('authors.external_id', 'in', authorIdsOf(p))]);
      return p.stream_id === 8 ? eb.or([own, eb(sql<boolean>`starts_with(clips.external_id, ${`${p.external_id}_`})`, '=', true)]) : own;
    })
    .where('clips.parent_external_id', 'is', null)
    .orderBy('clips.posted_at', 'desc')
    .orderBy('clips.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.external_id);
}

/** Stored comments on these posts that have replies, newest first. */
export async function commentsWithReplies(db: Db, streamId: number, postIds: string[], limit = THREADS_FOR_REPLIES): Promise<string[]> {
  if (!postIds.length) return [];
  const rows = await db
    .selectFrom('clips')
    .select('external_id')
    .where('stream_id', '=', streamId)
    .where('parent_external_id', 'in', postIds)
    .where('comments', '>', 0)
    .orderBy('posted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.external_id);
}

/**
 * Comment and reply specs for one linked profile, read with its token; TikTok's with the
 * Research API's client token (`researchToken`; null: TikTok conversations are not read).
 */
export async function conversationSpecs(db: Db, p: LinkedProfile, token: string, researchToken: string | null = null): Promise<ConnectorSpec[]> {
  const net = networkOfStream(p.stream_id);
  if (!net?.commentSpec) return [];
  const tokens = { token, researchToken };
  const posts = await recentOwnedPosts(db, p);
  const specs = posts.map((id) => net.commentSpec!(p, id, tokens));
  if (net.replySpec) for (const id of await commentsWithReplies(db, p.stream_id, posts)) specs.push(net.replySpec(id, tokens));
  return specs.filter((s): s is ConnectorSpec => s !== null);
}

/** Days a looked-up hashtag keeps counting against its account's 30. */
const HASHTAG_WINDOW = sql<Date>`now() - interval '7 days'`;

/**
 * Hashtags an Instagram account may query now: those it queried in the last 7 days (they count
 * already) first, then new ones while the account has fewer than 30.
 */
export async function allowedHashtags(db: Db, igUserId: string, wanted: string[]): Promise<{ allowed: string[]; refused: string[] }> {
  const rows = await db
    .selectFrom('connector_cursors')
    .select('key')
    .where('connector', '=', 'instagram.hashtag')
    .where('updated_at', '>', HASHTAG_WINDOW)
    .where('key', 'like', `%:${igUserId}:%`)
    .execute();
  const used = new Set(rows.map((r) => r.key.slice(r.key.lastIndexOf(':') + 1)));
  const allowed: string[] = [];
  const refused: string[] = [];
  for (const tag of wanted) {
    if (used.has(tag) || used.size < HASHTAGS_PER_ACCOUNT) {
      used.add(tag);
      allowed.push(tag);
    } else refused.push(tag);
  }
  return { allowed, refused };
}
