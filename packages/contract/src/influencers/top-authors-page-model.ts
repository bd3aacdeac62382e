// The Top Authors page: every author of the range, a page at a time, by followers or by clips.
// A person with accounts on several networks is one author with their accounts (the dashboard's
// rule, TopAuthor in dashboard/model.ts).
import { z } from 'zod';
import { AnalyticQuery, Compared } from '../common.ts';
import { TopAuthor } from '../dashboard/model.ts';

export const TOP_AUTHORS_SORTS = ['followers', 'clips'] as const;
/** Largest page of Show All; the page walks every author, so nothing is cut silently. */
export const TOP_AUTHORS_PAGE_MAX = 100;

export const TopAuthorsPageQuery = AnalyticQuery.safeExtend({
  sort: z.enum(TOP_AUTHORS_SORTS, { error: 'sort must be followers or clips' }).default('followers'),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(100_000, 'page must be at most 100000')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(TOP_AUTHORS_PAGE_MAX, `pageSize must be at most ${TOP_AUTHORS_PAGE_MAX}`)
    .default(10),
});

export const TopAuthorsPage = z.object({
  /** Authors (people) with posts in range: every page together holds them all. */
  Total: z.number(),
  Page: z.number(),
  PageSize: z.number(),
  Authors: z.array(TopAuthor),
  /** People who posted in range, against the previous range of equal length. */
  People: Compared,
  /** Clips in range, against the previous range. */
  Clips: Compared,
});
export type TopAuthorsPage = z.infer<typeof TopAuthorsPage>;
