// SQL of Post Listing: the scope's posts (analytics/scope.ts clipsInScope) with the listing's
// filters and text search, in one of its sort orders, after a keyset cursor; and how many match.
import { BRAND_ASSOCIATION, type ListingCursor, type ListingSort } from '@listening/contract';
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { binClipsWithText, clipRows } from '../../analytics/clip-rows.ts';
import { clipsInScope, type Scope } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

/** Chatter is brand association 3, or 0 in older rows: a Chatter filter takes both. */
const CHATTER_IDS = [0, BRAND_ASSOCIATION.Chatter];

export interface ListingFilters {
  /** Words to find in the post's text or its author's name or handle, as typed (not yet escaped). */
  search?: string;
  favourabilityId?: number;
  brandAssociationId?: number;
}

/** `%text%` for ILIKE, with the pattern characters of the text matched as themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type From = 'bin_clips' | 'clips' | 'authors';

function filtered<O>(qb: SelectQueryBuilder<Database, From, O>, s: Scope, f: ListingFilters): SelectQueryBuilder<Database, From, O> {
  const pattern = f.search === undefined ? null : containsPattern(f.search);
  const ilike = (col: string) => sql<boolean>`${sql.ref(col)} ilike ${pattern} escape '\\'`;
  return qb
    .$call(clipsInScope(s))
    .$if(f.favourabilityId !== undefined, (q) => q.where('bin_clips.favourability_id', '=', f.favourabilityId!))
    .$if(f.brandAssociationId !== undefined && f.brandAssociationId !== 0, (q) =>
      q.where('bin_clips.brand_association_id', 'in', CHATTER_IDS.includes(f.brandAssociationId!) ? CHATTER_IDS : [f.brandAssociationId!]),
    )
    .$if(pattern !== null, (q) =>
      q.where((eb) => eb.or([eb(ilike('clips.body'), '=', true), eb(ilike('authors.name'), '=', true), eb(ilike('authors.handle'), '=', true)])),
    );
}

/** Likes + comments + shares, as Top posts ranks it (analytics/top-posts.ts). */
const ENGAGEMENT = sql<string>`(clips.likes::bigint + clips.comments + clips.shares)`;

/** The sort value of the keyed orders: reach, AVE, engagement, or favourability (3 Negative … 1 Positive). */
const KEY: Record<Exclude<ListingSort, 'newest' | 'oldest'>, { expr: Expression<unknown>; dir: 'asc' | 'desc' }> = {
  reach: { expr: sql.ref('clips.reach'), dir: 'desc' },
  ave: { expr: sql.ref('bin_clips.ave'), dir: 'desc' },
  engagement: { expr: ENGAGEMENT, dir: 'desc' },
  negative: { expr: sql.ref('bin_clips.favourability_id'), dir: 'desc' },
  positive: { expr: sql.ref('bin_clips.favourability_id'), dir: 'asc' },
};

/** Rows strictly after the cursor in the sort's order. */
function after(eb: ExpressionBuilder<Database, From>, sort: ListingSort, c: ListingCursor) {
  const at = new Date(c.postedAt);
  const time = eb(eb.refTuple('bin_clips.posted_at', 'bin_clips.id'), sort === 'oldest' ? '>' : '<', eb.tuple(at, c.id));
  if (sort === 'newest' || sort === 'oldest') return time;
  const { expr, dir } = KEY[sort];
  return eb.or([eb(expr, dir === 'desc' ? '<' : '>', c.value!), eb.and([eb(expr, '=', c.value!), time])]);
}

/** One page of the listing: `limit` posts after the cursor (from the start without one). */
export function listingPage(db: Db, s: Scope, f: ListingFilters, sort: ListingSort, cursor: ListingCursor | undefined, limit: number) {
  let qb = filtered(clipRows(db).select(['clips.reach', 'authors.handle as author_handle', ENGAGEMENT.as('engagement')]), s, f).$if(cursor !== undefined, (q) =>
    q.where((eb) => after(eb, sort, cursor!)),
  );
  if (sort !== 'newest' && sort !== 'oldest') qb = qb.orderBy(KEY[sort].expr, KEY[sort].dir);
  const dir = sort === 'oldest' ? 'asc' : 'desc';
  return qb.orderBy('bin_clips.posted_at', dir).orderBy('bin_clips.id', dir).limit(limit).execute();
}
export type ListingRow = Awaited<ReturnType<typeof listingPage>>[number];

/** How many posts the listing holds with these filters. */
export async function listingCount(db: Db, s: Scope, f: ListingFilters): Promise<number> {
  const row = await filtered(
    binClipsWithText(db).select((eb) => eb.fn.countAll<number>().as('n')),
    s,
    f,
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}
