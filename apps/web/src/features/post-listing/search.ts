// Post Listing's own controls live in the address beside the project's filter (datefrom, dateto,
// streams, bin): q the text search, sort, fav the sentiment (favourability), assoc the brand
// association, stream one of the filter's streams. A bad value falls back to "none" (the default).
import { LISTING_SEARCH_MAX, LISTING_SORTS, type exportListing, type ListingSort, type OperationInput, type PostListingQueryInput } from '@listening/contract';
import { z } from 'zod';
import type { AnalyticParams } from '../../project/filter.ts';

const oneOf = (ids: readonly number[]) =>
  z.coerce
    .number()
    .int()
    .refine((n) => ids.includes(n))
    .optional()
    .catch(undefined);

export const postListingSearchSchema = z.object({
  q: z.string().max(LISTING_SEARCH_MAX).optional().catch(undefined),
  sort: z.enum(LISTING_SORTS).optional().catch(undefined),
  fav: oneOf([1, 2, 3]),
  assoc: oneOf([1, 2, 3]),
  stream: z.coerce.number().int().positive().optional().catch(undefined),
});
export type PostListingSearch = z.infer<typeof postListingSearchSchema>;

export interface ListingControls {
  q: string;
  sort: ListingSort;
  fav: number | null;
  assoc: number | null;
  /** One of the filter's streams, or null for all of them. */
  stream: number | null;
}

/**
 * The controls the address asks for, with a stream the filter does not hold dropped, and the
 * sentiment dropped when the client does not own Sentiment (`rated` false: posts selected by rating
 * are that product's, and the server refuses them).
 */
export function listingControls(search: PostListingSearch, filterStreams: readonly number[], rated = true): ListingControls {
  return {
    q: search.q?.trim() ?? '',
    sort: search.sort ?? 'newest',
    fav: rated ? (search.fav ?? null) : null,
    assoc: search.assoc ?? null,
    stream: search.stream !== undefined && filterStreams.includes(search.stream) ? search.stream : null,
  };
}

/** The listing's query: the project's analytic query narrowed by the controls (the cursor is added per page). */
export function listingQuery(params: AnalyticParams, c: ListingControls): Omit<PostListingQueryInput, 'after' | 'limit'> {
  return {
    ...params,
    ...(c.stream !== null ? { streamIds: String(c.stream) } : {}),
    ...(c.q ? { q: c.q } : {}),
    sort: c.sort,
    ...(c.fav !== null ? { favourabilityId: c.fav } : {}),
    ...(c.assoc !== null ? { brandAssociationId: c.assoc } : {}),
  };
}

/** The address form of the controls: defaults are left out so the address stays short. */
export function controlsToSearch(c: ListingControls): PostListingSearch {
  return {
    q: c.q || undefined,
    sort: c.sort === 'newest' ? undefined : c.sort,
    fav: c.fav ?? undefined,
    assoc: c.assoc ?? undefined,
    stream: c.stream ?? undefined,
  };
}

/**
 * The workbook of the list as filtered: the range, streams and bin, the stream, sentiment and
 * brand association chosen here. The export has no text search, so with one typed the button says
 * it is left out (exportLabel) rather than exporting something else than it claims.
 */
export function exportQuery(params: AnalyticParams, c: ListingControls): OperationInput<typeof exportListing>['query'] {
  return {
    ...params,
    ...(c.stream !== null ? { streamIds: String(c.stream) } : {}),
    ...(c.fav !== null ? { favourabilityId: c.fav } : {}),
    ...(c.assoc !== null ? { brandAssociationId: c.assoc } : {}),
  };
}

const count = new Intl.NumberFormat('en-US');

/** What the export button takes: 'Export these 843 posts', or, with a search typed, the filters without it. */
export function exportLabel(c: ListingControls, total: number | null): string {
  if (c.q) return 'Export the filtered posts, without the search';
  return total === null ? 'Export these posts' : `Export these ${count.format(total)} post${total === 1 ? '' : 's'}`;
}
