// Post Listing: the posts of the analytic scope (a project or one of its sub-bins, the range,
// the streams), searched, filtered and sorted, a page at a time after a keyset cursor. Tenant
// access is the scope's: a project or bin the user may not see answers 404.
import { encodeListingCursor, type OperationResult, type ParsedInput } from '@listening/contract';
import type * as C from '@listening/contract';
import { toTopPost } from '../../analytics/clip-rows.ts';
import { assertRatingFilterOpen, resolveScope } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

type Query = ParsedInput<typeof C.getPostListing>['query'];

/** Where the next page starts: after this row, in the query's sort. */
function cursorAfter(row: q.ListingRow, sort: Query['sort']): string {
  const value = {
    newest: undefined,
    oldest: undefined,
    reach: Number(row.reach),
    ave: Number(row.ave),
    engagement: Number(row.engagement),
    negative: row.favourability_id,
    positive: row.favourability_id,
  }[sort];
  return encodeListingCursor({ sort, ...(value !== undefined ? { value } : {}), postedAt: new Date(row.posted_at).toISOString(), id: Number(row.id) });
}

export async function postListing(db: Db, user: AuthUser, query: Query): Promise<OperationResult<typeof C.getPostListing>> {
  const s = await resolveScope(db, user, query);
  await assertRatingFilterOpen(db, s, query.favourabilityId);
  const filters: q.ListingFilters = { search: query.q, favourabilityId: query.favourabilityId, brandAssociationId: query.brandAssociationId };
  const rows = await q.listingPage(db, s, filters, query.sort, query.after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    Data: page.map((r) => ({ ...toTopPost(r), BinId: r.bin_id, Reach: Number(r.reach), Engagement: Number(r.engagement), AuthorHandle: r.author_handle })),
    Next: rows.length > query.limit ? cursorAfter(page[page.length - 1], query.sort) : null,
    Total: query.after ? null : await q.listingCount(db, s, filters),
  };
}
