// Deep dive: the hashtags, links, handles or named entities (the rail) of a project's posts in a
// range, each with its count by brand association, the change against the previous period, and
// its count per time bucket. The wire values of the rail are ours (the specification does not
// give them): hashtag, url, handle, entity.
import { z } from 'zod';
import { AnalyticQuery, Compared, quoteInput } from '../common.ts';
import { rangeDays } from '../rules.ts';

export const DEEP_DIVE_RAILS = ['hashtag', 'url', 'handle', 'entity'] as const;
export type DeepDiveRail = (typeof DEEP_DIVE_RAILS)[number];
export const DEEP_DIVE_RAIL_LABELS: Record<DeepDiveRail, string> = { hashtag: 'Hashtags', url: 'Urls', handle: 'Handles', entity: 'Named Entities' };
export const DEFAULT_DEEP_DIVE_RAIL: DeepDiveRail = 'hashtag';

/**
 * Periods of the dropdown: the bucket of the chart over the Filter's range (the range is the
 * Filter's, as on every screen). Weekly, the default, counts weeks from Monday and Daily the
 * client's days, as every other chart (rules.ts chartBuckets); Hourly only for a range of at
 * most DEEP_DIVE_HOURLY_MAX_DAYS days.
 */
export const DEEP_DIVE_PERIODS = {
  hourly: { label: 'Hourly', bucket: 'hour' },
  daily: { label: 'Daily', bucket: 'day' },
  weekly: { label: 'Weekly', bucket: 'week' },
} as const;
export type DeepDivePeriod = keyof typeof DEEP_DIVE_PERIODS;
export const DEFAULT_DEEP_DIVE_PERIOD: DeepDivePeriod = 'weekly';
/** Longest range drawn by the hour: 168 points (a longer one is a line no one can read). */
export const DEEP_DIVE_HOURLY_MAX_DAYS = 7;

/** Whether the period can draw the range (wall-clock Dates, end inclusive): Hourly only up to DEEP_DIVE_HOURLY_MAX_DAYS days. */
export const periodFits = (period: DeepDivePeriod, start: Date, end: Date) => period !== 'hourly' || rangeDays(start, end) <= DEEP_DIVE_HOURLY_MAX_DAYS;

/** Most items one comparison shows (the Compare modal). */
export const DEEP_DIVE_COMPARE_MAX = 5;
/** Items of the breakdown (most frequent first). */
export const DEEP_DIVE_TOP = 20;
const ITEM_MAX_LENGTH = 300;

const zRail = z
  .string({ error: `railType must be one of ${DEEP_DIVE_RAILS.join(', ')}` })
  .default(DEFAULT_DEEP_DIVE_RAIL)
  .refine((r): r is DeepDiveRail => (DEEP_DIVE_RAILS as readonly string[]).includes(r), {
    error: (i) => `railType must be one of ${DEEP_DIVE_RAILS.join(', ')}, got ${quoteInput(String(i.input))}`,
  })
  .transform((r) => r as DeepDiveRail);

/** Items to compare: a comma list of 1 to DEEP_DIVE_COMPARE_MAX values as the breakdown shows them. */
const zCompare = z.string({ error: 'compare must be a comma list of items' }).transform((s, ctx) => {
  const items = [
    ...new Set(
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ];
  if (items.length === 0) ctx.addIssue({ code: 'custom', message: 'Choose at least 1 item to compare' });
  else if (items.length > DEEP_DIVE_COMPARE_MAX)
    ctx.addIssue({ code: 'custom', message: `compare names ${items.length} items; at most ${DEEP_DIVE_COMPARE_MAX} can be compared` });
  else if (items.some((x) => x.length > ITEM_MAX_LENGTH))
    ctx.addIssue({ code: 'custom', message: `an item to compare is at most ${ITEM_MAX_LENGTH} characters` });
  return items;
});

export const DeepDiveQuery = AnalyticQuery.safeExtend({
  railType: zRail,
  /** The bucket of the chart over the range; DEFAULT_DEEP_DIVE_PERIOD when absent. */
  period: z.enum(['hourly', 'daily', 'weekly'], { error: 'period must be hourly, daily or weekly' }).optional(),
  compare: zCompare.optional(),
});
export type DeepDiveQueryInput = z.input<typeof DeepDiveQuery>;

export const DeepDiveItem = z.object({
  /** As shown: '#tag', '@handle', a link, a name. */
  Value: z.string(),
  Count: z.number(),
  /** Posts of the previous period of equal length carrying it. */
  Previous: z.number(),
  Owned: z.number(),
  Earned: z.number(),
  Chatter: z.number(),
});
export type DeepDiveItem = z.infer<typeof DeepDiveItem>;

/** A point of the chart over time (buckets.ts deepDiveBuckets): what it counts, and what it opens. */
export const DeepDiveBucket = z.object({
  /** Start of the bucket, client wall clock (YYYY-MM-DDTHH:mm:ss): a Monday for a week, even when the range starts later. */
  Date: z.string(),
  /** First and last instant it covers (YYYY-MM-DDTHH:mm:ss, client time): the range and now cut it. */
  From: z.string(),
  To: z.string(),
  /** 'D MMM YYYY' of a day or week, 'D MMM HH:mm' of an hour. */
  Label: z.string(),
  /** The range or now cuts the bucket, so its figures cover only part of it. */
  Partial: z.boolean(),
  /** Posts per charted item, in the order of Charted. */
  Counts: z.array(z.number()),
});

export const DeepDive = z.object({
  RailType: z.enum(DEEP_DIVE_RAILS),
  Bucket: z.enum(['hour', 'day', 'week']),
  /** Posts carrying any item of the rail, against the previous period. */
  Posts: Compared,
  /** Distinct items of the rail in range, against the previous period. */
  Distinct: Compared,
  /** The breakdown: the items asked to compare, or the DEEP_DIVE_TOP most frequent. */
  Items: z.array(DeepDiveItem),
  /** Values drawn over time: the compared items, or the first DEEP_DIVE_COMPARE_MAX of Items. */
  Charted: z.array(z.string()),
  Series: z.array(DeepDiveBucket),
});
export type DeepDive = z.infer<typeof DeepDive>;
