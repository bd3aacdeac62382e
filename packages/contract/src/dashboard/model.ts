// Shapes of the project dashboard's answers, shared by its operations (./get-*.ts) and the screens
// that draw them. Field names are the wire's own.
import { z } from 'zod';
import { AnalyticQuery } from '../common.ts';

export const BucketEnum = z.enum(['day', 'week', 'month']);

/**
 * A bucket whose figures cover only part of it, so that a short bar or a pale row is not read as a
 * fall: the range cuts it (the first or last week or month, hours off a day), it holds now (today,
 * this week so far), or it begins before the project's first data. Whole buckets answer null. The
 * rule is periods.ts periodCoverage.
 */
export const PartialBucket = z.object({
  /** Days of the bucket the figures cover (hours, for a day bucket); a day or hour begun counts. */
  Covered: z.number(),
  /** Days (hours) of the whole bucket: 7 a week, 28 to 31 a month, 24 a day. */
  Of: z.number(),
  Unit: z.enum(['day', 'hour']),
  /** The bucket holds now: its figures are so far. */
  SoFar: z.boolean(),
  /** The bucket begins before the project's first data (collection had not started): only present, true, then. */
  BeforeData: z.literal(true).optional(),
});
/** A partial bucket and its first day (a heatmap row). */
export const PartialRow = PartialBucket.extend({ Date: z.string() });

// ---- mentions/getall
export const MentionSummary = z.object({ StreamId: z.number(), Count: z.number(), AVE: z.number() });
/** One entry per requested stream, then StreamId 0 (all streams) with the total. */
export const MentionSummaryList = z.array(MentionSummary);

// ---- heatmap/getall, heatmap/sentiment/getall
export const HeatmapCell = z.object({
  /** The row: the day, or the first day of the week or month (YYYY-MM-DD, client time). */
  Date: z.string(),
  /** The cell's hour at the row's first day (YYYY-MM-DDTHH:00:00, client time). */
  DatePosted: z.string(),
  Hour: z.number(),
  Count: z.number(),
  Color: z.string(),
});
/** Partial: the rows whose figures cover only part of their day, week or month (whole rows are not listed). */
export const Heatmap = z.object({ Bucket: BucketEnum, Data: z.array(HeatmapCell), Partial: z.array(PartialRow) });
export const SentimentHeatmapCell = HeatmapCell.extend({ Positive: z.number(), Neutral: z.number(), Negative: z.number() });
export const SentimentHeatmap = z.object({ Bucket: BucketEnum, Data: z.array(SentimentHeatmapCell), Partial: z.array(PartialRow) });

// ---- topposts/getall
export const TopPost = z.object({
  /** The bin_clips id: what binClipBaseIds name. */
  Id: z.number(),
  ClipId: z.number(),
  StreamId: z.number(),
  AuthorId: z.number().nullable(),
  AuthorName: z.string(),
  Body: z.string(),
  DatePosted: z.string(),
  Link: z.string().nullable(),
  AVE: z.number(),
  ImpactScore: z.number(),
  FavourabilityId: z.number(),
  BrandAssociationId: z.number(),
});
/**
 * A top post: a TopPost with its engagement (likes + comments + shares), the ranking's second key.
 * Top posts are ranked by impact score, then engagement, then AVE, then the newest, then the id,
 * so the order is total and the same on every read; an author (account) holds at most
 * TOP_POSTS_PER_AUTHOR of them unless the call asks for more (analytics/top-posts.ts).
 */
export const RankedPost = TopPost.extend({ Engagement: z.number() });
export type RankedPost = z.infer<typeof RankedPost>;
export const TopPostList = z.array(RankedPost);
/** Most posts one author (account) holds among the top posts, unless maxPerAuthor says otherwise. */
export const TOP_POSTS_PER_AUTHOR = 2;
/** What the widget and the PDF say of the ranking. */
export const topPostsRanking = (perAuthor = TOP_POSTS_PER_AUTHOR) => `Ranked by impact, then engagement, then AVE; at most ${perAuthor} per author`;

// ---- topauthors
/** People shown (not accounts): 10 unless showAll (then at most TOP_AUTHORS_ALL_MAX). */
export const TOP_AUTHORS_ALL_MAX = 500;
/** One network account of a top author (an `authors` row): its own followers and posts in range. */
export const TopAuthorAccount = z.object({
  AuthorId: z.number(),
  StreamId: z.number(),
  Handle: z.string().nullable(),
  FollowerCount: z.number(),
  ClipCount: z.number(),
});
/**
 * A person: their accounts on every network that are taken to be the same person (docs/dashboard.md,
 * "Top authors"). AuthorId, StreamId, AuthorName and Handle are those of the largest-audience
 * account; FollowerCount and ClipCount are the sums over Accounts (largest audience first).
 */
export const TopAuthor = z.object({
  AuthorId: z.number(),
  AuthorName: z.string(),
  Handle: z.string().nullable(),
  StreamId: z.number(),
  FollowerCount: z.number(),
  ClipCount: z.number(),
  Accounts: z.array(TopAuthorAccount),
});
export const TopAuthorList = z.array(TopAuthor);

// ---- dailyinsights/getall
export const DailyInsight = z.object({
  /** The bucket's first day (YYYY-MM-DD, client time). */
  Date: z.string(),
  Count: z.number(),
  AVE: z.number(),
  /** The bucket's posts by rating; null when the client does not own Sentiment (products.ts). */
  Positive: z.number().nullable(),
  Neutral: z.number().nullable(),
  Negative: z.number().nullable(),
  Partial: PartialBucket.nullable(),
});
export const DailyInsights = z.object({ Bucket: BucketEnum, Data: z.array(DailyInsight) });

// ---- dashboard/changes
export const ChangeMarker = z.object({
  /** Opaque; changes whenever the scope's figures do (a post arrives, is rated, rejected or restored). */
  Marker: z.string(),
  /** The range holds now, so new posts can still arrive in it: worth asking again. */
  Live: z.boolean(),
});

// ---- favourability/getall, sentiment/getall
export const FavourabilityCount = z.object({ Id: z.number(), Description: z.string(), Color: z.string(), Count: z.number() });
export const FavourabilityList = z.array(FavourabilityCount);
export const SentimentCard = z.object({
  Name: z.enum(['Owned', 'Earned', 'Chatter', 'All']),
  /** 1 Owned, 2 Earned, 3 Chatter, 0 All. */
  BrandAssociationId: z.number(),
  Color: z.string(),
  Positive: z.number(),
  Neutral: z.number(),
  Negative: z.number(),
  Total: z.number(),
  AVE: z.number(),
});
export const SentimentSummary = z.array(SentimentCard);

// ---- subfolder/getall/treeview and /bintype
export interface SortBinNode {
  Id: number;
  Name: string;
  ClipCount: number;
  BinTypeId: number;
  Children: SortBinNode[];
}
export const SortBinNode: z.ZodType<SortBinNode> = z.object({
  Id: z.number(),
  Name: z.string(),
  ClipCount: z.number(),
  BinTypeId: z.number(),
  get Children() {
    return z.array(SortBinNode);
  },
});
export const SortBinTree = z.array(SortBinNode);
export const SubfolderQuery = AnalyticQuery.safeExtend({
  binTypeId: z.coerce
    .number({ error: 'binTypeId must be 2 (sort bins) or 6 (input bins)' })
    .int()
    .refine((n) => n === 2 || n === 6, 'binTypeId must be 2 (sort bins) or 6 (input bins)')
    .optional(),
});
