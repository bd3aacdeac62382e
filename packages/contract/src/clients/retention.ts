// How long a client's posts are kept (docs/operations.md, "Retention"): months of posts, or for
// ever. The hourly figures (counts, sentiment, AVE, places, items) are kept for as long as the bin
// exists, so the charts of a range older than the posts still count it; the screens that list
// posts answer for such a range with postsNotKeptMessage.
import { z } from 'zod';

/** The most months of posts a client may choose to keep (ten years); fewer than one is not a choice. */
export const RETENTION_MONTHS_MAX = 120;

export const RetentionRun = z.object({
  StartedAt: z.string(),
  /** Null while the run is under way (or was cut short: the next run carries on). */
  FinishedAt: z.string().nullable(),
  /** Posts posted before this instant were removed. */
  Cutoff: z.string(),
  /** Rows of the client's bins removed (a post in two bins counts twice). */
  BinClipsRemoved: z.number(),
  /** Posts removed from storage: those no bin of any client holds any more. */
  PostsRemoved: z.number(),
});
export type RetentionRun = z.infer<typeof RetentionRun>;

export const ClientRetention = z.object({
  ClientId: z.number(),
  /** Months of posts kept; null: kept for ever. */
  MonthsKept: z.number().nullable(),
  /** Posts before this instant are no longer kept (null: none removed yet). */
  PostsKeptFrom: z.string().nullable(),
  LastRun: RetentionRun.nullable(),
});
export type ClientRetention = z.infer<typeof ClientRetention>;

export const UpdateRetentionBody = z.object({
  MonthsKept: z
    .number({ error: 'MonthsKept must be a number of months, or null to keep posts for ever' })
    .int('MonthsKept must be a whole number of months')
    .min(1, 'MonthsKept must be at least 1 month (or null to keep posts for ever)')
    .max(RETENTION_MONTHS_MAX, `MonthsKept must be at most ${RETENTION_MONTHS_MAX} months (or null to keep posts for ever)`)
    .nullable(),
});

/** The day (YYYY-MM-DD, the client's clock) from which posts are kept, in the screens' words. */
export const postsNotKeptMessage = (keptFromDay: string, months: number | null) =>
  `Posts before ${keptFromDay} are no longer kept${months === null ? '' : ` (this client keeps ${months} month${months === 1 ? '' : 's'} of posts)`}: the charts and counts still cover that time, but its posts cannot be listed. Choose a range from ${keptFromDay} on to see posts.`;
