// Shapes of the analysis screens (Sentiment, Content classification, Competitor
// tracking), shared by their operations (./get-*.ts) and the screens that draw them. Every chart's
// buckets follow rules.ts chartBuckets; every headline figure is Compared with the previous period.
import { z } from 'zod';
import { checkRange, Compared, zId, zStreamList, zWallDate } from '../common.ts';
import { BucketEnum } from '../dashboard/model.ts';

/** A bucket of an analysis chart (rules.ts ChartBucket): what a point or bar counts, and what it opens. */
export const ChartPoint = z.object({
  /** The bucket's first day, YYYY-MM-DD (client time). */
  Date: z.string(),
  /** First and last instant it covers (YYYY-MM-DDTHH:mm:ss, client time): the range and now cut it. */
  From: z.string(),
  To: z.string(),
  /** 'D MMM YYYY'. */
  Label: z.string(),
  /** The range or now cuts the bucket, so its figures cover only part of it. */
  Partial: z.boolean(),
});

// ---- sentiment/rating
export const SentimentFigures = z.object({ Positive: z.number(), Neutral: z.number(), Negative: z.number() });
export const SentimentBreakdown = SentimentFigures.extend({
  Name: z.enum(['Owned', 'Earned', 'Chatter']),
  /** 1 Owned, 2 Earned, 3 Chatter (0 counts as Chatter). */
  BrandAssociationId: z.number(),
  Color: z.string(),
  Total: z.number(),
});
export const SentimentRating = z.object({
  Bucket: BucketEnum,
  /** The headline figures, with the previous range of equal length. */
  Totals: z.object({ Positive: Compared, Neutral: Compared, Negative: Compared, Total: Compared }),
  /** The pie's inner ring: each brand association's posts by sentiment. */
  Breakdown: z.array(SentimentBreakdown),
  /** Daily insights: one point per bucket and sentiment. */
  Daily: z.array(ChartPoint.extend(SentimentFigures.shape)),
});
export type SentimentRating = z.infer<typeof SentimentRating>;

// ---- classification/getall
export const ClassificationFigures = z.object({ Owned: z.number(), Earned: z.number(), Chatter: z.number() });
export const ContentClassification = z.object({
  Bucket: BucketEnum,
  /** The four cards: Owned, Earned, Chatter and Total, each with the previous period. */
  Cards: z.object({ Owned: Compared, Earned: Compared, Chatter: Compared, Total: Compared }),
  Daily: z.array(ChartPoint.extend(ClassificationFigures.shape)),
});
export type ContentClassification = z.infer<typeof ContentClassification>;

// ---- competitor/*
/** At most this many competitors per project: a donut of more slices is unreadable. */
export const MAX_COMPETITORS = 10;

/** A competitor: another project of the same client, named and read through its root bin. */
export const Competitor = z.object({ Name: z.string(), BinId: z.number(), ProjectId: z.number() });
export type Competitor = z.infer<typeof Competitor>;

/** One slice of the donut: the project itself (IsProject) or a competitor, its posts in range and streams. */
export const CompetitorSlice = Competitor.extend({ IsProject: z.boolean(), Clips: Compared });
export const CompetitorComparison = z.array(CompetitorSlice);

/**
 * The competitor donut's query: the project's own range and streams (a sub-bin is not compared).
 * The specification writes the call with projectId alone, so the range and streams may be left
 * out: the server then reads what the screen shows on opening, the analysis screens' default range
 * (yesterday to today in the client's time zone) and the Filter's default streams
 * (defaultFilterStreams). The two dates go together.
 */
export const CompetitorQuery = z
  .object({
    projectId: zId,
    binId: zId.optional(),
    startDate: zWallDate('startDate').optional(),
    endDate: zWallDate('endDate').optional(),
    streamIds: zStreamList.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.startDate && q.endDate) checkRange({ startDate: q.startDate, endDate: q.endDate }, ctx);
    else if (q.startDate || q.endDate)
      ctx.addIssue({
        code: 'custom',
        path: [q.startDate ? 'endDate' : 'startDate'],
        message: 'startDate and endDate go together: give both, or neither for the default range (yesterday to today)',
      });
  });
export type CompetitorQuery = z.infer<typeof CompetitorQuery>;

/** The cog's competitor list: the project's competitors and the client's projects that could be added. */
export const CompetitorSettings = z.object({ Competitors: z.array(Competitor), Candidates: z.array(Competitor) });
export type CompetitorSettings = z.infer<typeof CompetitorSettings>;

export const CompetitorChange = z.object({ projectId: zId, binId: zId });
