// Influencer comparison: clip counts per influencer over time, per chart bucket (docs/spec/001_57268dddd5f58f8a.txt section 9),
// with each influencer's total compared with the previous period of equal length.
import { z } from 'zod';
import { Compared, MAX_RANGE_DAYS, zIdList, zId, zStreamList, zWallTime } from '../common.ts';
import { BucketEnum } from '../dashboard/model.ts';

/** At most this many influencers in one comparison (docs/spec/001_57268dddd5f58f8a.txt section 9: rail/influencer comparison maximum 5). */
export const INFLUENCER_COMPARE_MAX = 5;
/** When the address names none and more than this many exist, the first this many are compared (docs/spec/001_57268dddd5f58f8a.txt section 4). */
export const INFLUENCER_COMPARE_DEFAULT = 2;

/**
 * The specification's names: influencers (ids of influencer entries, joined by comma), fromDate,
 * endDate, projectId, streamIds. Dates are the client's wall clock, as every analytic read.
 */
export const InfluencerComparisonQuery = z
  .object({
    influencers: zIdList('influencers', INFLUENCER_COMPARE_MAX),
    fromDate: zWallTime('fromDate'),
    endDate: zWallTime('endDate'),
    projectId: zId,
    streamIds: zStreamList,
  })
  .superRefine((q, ctx) => {
    if (q.endDate < q.fromDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate is before fromDate' });
    else if (q.endDate.getTime() - q.fromDate.getTime() > MAX_RANGE_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: `the range is longer than ${MAX_RANGE_DAYS} days` });
  });

/** One bar group of the chart: a bucket's first day and the instants it covers (wall clock, end inclusive, capped at now). */
export const ComparisonBucket = z.object({
  Date: z.string(),
  From: z.string(),
  To: z.string(),
});

export const InfluencerComparisonItem = z.object({
  /** The influencer entry (Id) and its author, as the specification's Profile. */
  Profile: z.object({ Id: z.number(), AuthorId: z.number(), AuthorName: z.string(), StreamId: z.number() }),
  /** Clips per bucket, in the order of Buckets. */
  Counts: z.array(z.number()),
  /** Clips in range, and in the previous range of equal length. */
  Total: Compared,
});

export const InfluencerComparison = z.object({
  Bucket: BucketEnum,
  Buckets: z.array(ComparisonBucket),
  /** In the order the ids were given. */
  Influencers: z.array(InfluencerComparisonItem),
});
export type InfluencerComparison = z.infer<typeof InfluencerComparison>;
