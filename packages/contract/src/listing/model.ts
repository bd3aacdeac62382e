// Post Listing (the side menu's mentions feed): a project's posts with a text search, a sort
// order and the narrowing filters, paged by a keyset cursor so that posts arriving while the
// reader pages never repeat a card or hide one.
import { z } from 'zod';
import { AnalyticQuery, MAX_ID, MAX_YEAR, MIN_YEAR, quoteInput, zBrandAssociationId, zFavourabilityId } from '../common.ts';
import { TopPost } from '../dashboard/model.ts';

/** The orders a listing is read in; every one ends on the posting time, newest first, then the id. */
export const LISTING_SORTS = ['newest', 'oldest', 'reach', 'ave', 'engagement', 'negative', 'positive'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  reach: 'Highest reach',
  ave: 'Highest AVE',
  engagement: 'Most engagement',
  negative: 'Most negative first',
  positive: 'Most positive first',
};

/** Posts per page of the listing, and the most one page may ask for. */
export const LISTING_STEP = 20;
export const LISTING_MAX_LIMIT = 50;
/** The longest text search: a phrase, not a document. */
export const LISTING_SEARCH_MAX = 100;

/**
 * Where a page ends: the sort it belongs to, the last post's sort value (reach, AVE, engagement or
 * favourability; absent for the date orders), its posting time and its bin_clips id.
 */
export interface ListingCursor {
  sort: ListingSort;
  value?: number;
  postedAt: string;
  id: number;
}

const toBase64Url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (s: string) => atob(s.replace(/-/g, '+').replace(/_/g, '/'));

/** The cursor as the answer's Next carries it: opaque to the reader, who sends it back as `after`. */
export function encodeListingCursor(c: ListingCursor): string {
  return toBase64Url(JSON.stringify([c.sort, c.value ?? null, c.postedAt, c.id]));
}

/** The cursor of an `after` value, or null when it is not one a listing gave. */
export function decodeListingCursor(s: string): ListingCursor | null {
  if (s.length > 200 || !/^[A-Za-z0-9_-]+$/.test(s)) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(fromBase64Url(s));
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 4) return null;
  const [sort, value, postedAt, id] = parts as unknown[];
  if (!LISTING_SORTS.includes(sort as ListingSort)) return null;
  const keyed = sort !== 'newest' && sort !== 'oldest';
  // AVE is a rand amount (a double, sent back exactly as read); the other keys are whole numbers.
  const valid = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && (sort === 'ave' || Number.isSafeInteger(v));
  if (keyed ? !valid(value) : value !== null) return null;
  if (typeof postedAt !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(postedAt)) return null;
  const year = new Date(postedAt).getUTCFullYear();
  if (Number.isNaN(year) || year < MIN_YEAR || year > MAX_YEAR) return null;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_ID) return null;
  return { sort: sort as ListingSort, ...(keyed ? { value: value as number } : {}), postedAt, id };
}

const AFTER_MESSAGE = 'after is not a position this listing gave: load the listing again from the first page';

/** The text search: plain text, trimmed, at most LISTING_SEARCH_MAX characters; blank means none. */
const zSearch = z
  .string({ error: 'q must be text' })
  .max(LISTING_SEARCH_MAX, `q is at most ${LISTING_SEARCH_MAX} characters`)
  .refine((s) => ![...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127), 'q must be plain text, without control characters')
  .transform((s) => s.trim() || undefined);

export const PostListingQuery = AnalyticQuery.safeExtend({
  q: zSearch.optional(),
  sort: z.enum(LISTING_SORTS, { error: `sort must be one of ${LISTING_SORTS.join(', ')}` }).default('newest'),
  favourabilityId: zFavourabilityId.optional(),
  brandAssociationId: zBrandAssociationId.optional(),
  /** The Next of the previous page. */
  after: z
    .string({ error: AFTER_MESSAGE })
    .transform((s, ctx) => {
      const c = decodeListingCursor(s);
      if (!c) {
        ctx.addIssue({ code: 'custom', message: `${AFTER_MESSAGE} (got ${quoteInput(s, 20)})` });
        return z.NEVER;
      }
      return c;
    })
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LISTING_MAX_LIMIT, `limit is at most ${LISTING_MAX_LIMIT}`)
    .default(LISTING_STEP),
}).superRefine((q, ctx) => {
  if (q.after && q.after.sort !== q.sort)
    ctx.addIssue({ code: 'custom', path: ['after'], message: 'after belongs to another sort order: load the listing again from the first page' });
});
export type PostListingQueryInput = z.input<typeof PostListingQuery>;

/** A post of the listing: a top post's fields plus its bin, its reach, its engagement and its author's handle. */
export const ListingPost = TopPost.extend({
  BinId: z.number(),
  /** The network's reach of the post (people who saw it), 0 when the network gives none. */
  Reach: z.number(),
  /** Likes + comments + shares, as Top posts counts it. */
  Engagement: z.number(),
  AuthorHandle: z.string().nullable(),
});
export type ListingPost = z.infer<typeof ListingPost>;

export const PostListingPage = z.object({
  Data: z.array(ListingPost),
  /** The `after` of the next page; null on the last page. */
  Next: z.string().nullable(),
  /** How many posts match, on the first page only (null on the pages after it). */
  Total: z.number().nullable(),
});
export type PostListingPage = z.infer<typeof PostListingPage>;
