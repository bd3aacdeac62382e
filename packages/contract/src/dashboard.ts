// The project dashboard, clip tray, word cloud and influencer discovery (000 §2, §3, §7, §9;
// 002 §7.8): request extras and response shapes, with the specification's field names.
// Every analytic read takes AnalyticQuery (projectId or binId, startDate, endDate, streamIds);
// dates are the wall clock of the client's time zone (docs/dashboard.md).
import { z } from 'zod';
import { AnalyticQuery, zId } from './common.ts';
import { CLIP_ID_BATCH, CLIP_TRAY_STEP, INGEST_STREAM_IDS } from './constants.ts';

const zBool = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .default('false')
    .transform((v) => v === 'true');

/** A comma list of ids in a query string (clipIds=1,2,3), at most `max` of them. */
export const zIdList = (name: string, max: number) =>
  z.string({ error: `${name} is required` }).transform((s, ctx) => {
    const parts = s.split(',').map((p) => p.trim()).filter(Boolean);
    const ids = parts.map(Number);
    if (ids.length === 0 || ids.some((n) => !Number.isInteger(n) || n <= 0)) {
      ctx.addIssue({ code: 'custom', message: `${name} must be a comma list of ids, got '${s}'` });
      return z.NEVER;
    }
    if (ids.length > max) {
      ctx.addIssue({ code: 'custom', message: `${name} has ${ids.length} ids; at most ${max} per call` });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/** A wall-clock date-time of the client's time zone (2024-05-01T14:00:00). */
const zWallTime = (name: string) =>
  z.string().transform((s, ctx) => {
    const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s.length === 10 ? `${s}T00:00:00` : s}Z`);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: `${name} is not a date-time: '${s}'` });
      return z.NEVER;
    }
    return d;
  });

const zFavourabilityId = z.coerce
  .number({ error: 'favourabilityId must be 1 (Positive), 2 (Neutral) or 3 (Negative)' })
  .int()
  .refine((n) => n === 1 || n === 2 || n === 3, 'favourabilityId must be 1 (Positive), 2 (Neutral) or 3 (Negative)');
const zBrandAssociationId = z.coerce
  .number({ error: 'brandAssociationId must be 1 (Owned), 2 (Earned) or 3 (Chatter)' })
  .int()
  .refine((n) => n >= 0 && n <= 3, 'brandAssociationId must be 1 (Owned), 2 (Earned) or 3 (Chatter)');

export const BucketEnum = z.enum(['day', 'week', 'month']);

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
export const Heatmap = z.object({ Bucket: BucketEnum, Data: z.array(HeatmapCell) });
export const SentimentHeatmapCell = HeatmapCell.extend({ Positive: z.number(), Neutral: z.number(), Negative: z.number() });
export const SentimentHeatmap = z.object({ Bucket: BucketEnum, Data: z.array(SentimentHeatmapCell) });

// ---- topposts/getall
export const TopPostsQuery = AnalyticQuery.safeExtend({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(50, 'limit is at most 50').default(10),
});
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
export const TopPostList = z.array(TopPost);

// ---- topauthors
/** Authors shown: 10 unless showAll (then at most TOP_AUTHORS_ALL_MAX). */
export const TOP_AUTHORS_ALL_MAX = 500;
export const TOP_AUTHOR_PROJECT_TYPES: readonly number[] = [1, 5, 6, 7];
export const TopAuthorsQuery = AnalyticQuery.safeExtend({ showAll: zBool('showAll') });
export const TopAuthor = z.object({
  AuthorId: z.number(),
  AuthorName: z.string(),
  Handle: z.string().nullable(),
  StreamId: z.number(),
  FollowerCount: z.number(),
  ClipCount: z.number(),
});
export const TopAuthorList = z.array(TopAuthor);

// ---- influencer discovery: /api/influencer/getall, create, delete
export const Influencer = z.object({
  Id: z.number(),
  AuthorId: z.number(),
  AuthorName: z.string(),
  StreamId: z.number(),
  DateCreated: z.string(),
  /** Days left of the one year an entry lasts. */
  DaysRemaining: z.number(),
});
export const InfluencerList = z.array(Influencer);
export const ProjectIdQuery = z.object({ projectId: zId });
export const InfluencerCreateQuery = z.object({
  projectId: zId,
  authorId: zId,
  authorName: z.string({ error: 'authorName is required' }).trim().min(1, 'authorName is required').max(200, 'authorName is longer than 200 characters'),
  streamId: z.coerce
    .number({ error: 'streamId must be a stream id' })
    .int()
    .refine((n) => INGEST_STREAM_IDS.includes(n), 'streamId must be a stream id'),
});
export const IdQuery = z.object({ id: zId });

// ---- dailyinsights/getall
export const DailyInsight = z.object({
  /** The bucket's first day (YYYY-MM-DD, client time). */
  Date: z.string(),
  Count: z.number(),
  AVE: z.number(),
  Positive: z.number(),
  Neutral: z.number(),
  Negative: z.number(),
});
export const DailyInsights = z.object({ Bucket: BucketEnum, Data: z.array(DailyInsight) });

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

// ---- word cloud
export const CLOUD_FILTERS = { words: 'words', '#': 'hashtags', hashtags: 'hashtags', '@': 'handles', handles: 'handles', entities: 'entities' } as const;
export type CloudFilter = (typeof CLOUD_FILTERS)[keyof typeof CLOUD_FILTERS];
const zCloudFilter = z
  .enum(['words', '#', 'hashtags', '@', 'handles', 'entities'], { error: "cloudFilter must be words, # (sent as %23), @ or entities" })
  .default('words')
  .transform((f) => CLOUD_FILTERS[f]);
/** Entries a cloud answers at most. */
export const WORDCLOUD_MAX_ENTRIES = 100;
/** A cloud reads the terms of the latest this-many clips of the range (docs/dashboard.md). */
export const WORDCLOUD_SAMPLE = 5000;
export const WordCloudQuery = AnalyticQuery.safeExtend({ cloudFilter: zCloudFilter });
export const WordCloudEntry = z.object({ Value: z.string(), Count: z.number() });
export const WordCloud = z.array(WordCloudEntry);
/** byclips: the cloud of the given clips (the tray's), or of the range; prefix '#', '@' or '' (words). */
export const WordCloudByClipsBody = AnalyticQuery.safeExtend({
  prefix: z.enum(['#', '@', ''], { error: "prefix must be '#', '@' or ''" }).default(''),
  clipIds: z.array(zId).max(1000, 'clipIds has more than 1000 ids').optional(),
});
export const PhraseQuery = z.object({
  projectId: zId,
  phrase: z.string({ error: 'phrase is required' }).trim().toLowerCase().min(1, 'phrase is required').max(100, 'phrase is longer than 100 characters'),
});
export const WordCloudPhrase = z.object({ Id: z.number(), Phrase: z.string(), Kind: z.enum(['include', 'exclude']) });
export const WordCloudPhraseList = z.array(WordCloudPhrase);

// ---- clips
/** A post in a listing: a top post's fields plus its bin and classification. */
export const Clip = TopPost.extend({
  BinId: z.number(),
  ClassificationId: z.number(),
});
export type Clip = z.infer<typeof Clip>;
export const ClipList = z.array(Clip);
/** Listing filters shared by the tray, the export and duplicates. */
const listingFilters = {
  /** Posts of one hour (a heatmap cell of a day row): [hourStart, hourStart + 1 h), client time. */
  hourStart: zWallTime('hourStart').optional(),
  /** Posts of one hour of the day across the range (a heatmap cell of a week or month row). */
  hour: z.coerce.number({ error: 'hour must be 0 to 23' }).int('hour must be 0 to 23').min(0, 'hour must be 0 to 23').max(23, 'hour must be 0 to 23').optional(),
  favourabilityId: zFavourabilityId.optional(),
  brandAssociationId: zBrandAssociationId.optional(),
};
export const ClipListQuery = AnalyticQuery.safeExtend({
  ...listingFilters,
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0, 'offset must be 0 or more').default(0),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(100, 'limit is at most 100').default(CLIP_TRAY_STEP),
});
export const ClipPage = z.object({ Data: ClipList, HasMore: z.boolean() });
export const ClipIdsQuery = z.object({ binId: zId, clipIds: zIdList('clipIds', CLIP_ID_BATCH) });
export const ClipBinsQuery = z.object({ projectIds: zIdList('projectIds', 50) });
export const ClipBin = z.object({ Id: z.number(), Name: z.string(), ProjectId: z.number(), ParentId: z.number().nullable(), BinTypeId: z.number() });
export const ClipBinList = z.array(ClipBin);
/** Most clips one rating or rejection may name. */
export const RATE_MAX_CLIPS = 1000;
const zBinClipBaseIds = z
  .array(zId, { error: 'binClipBaseIds must be a list of ids' })
  .min(1, 'Please select clips to rate')
  .max(RATE_MAX_CLIPS, `binClipBaseIds has more than ${RATE_MAX_CLIPS} ids`);
export const RateClipsBody = z.object({ binClipBaseIds: zBinClipBaseIds, favourabilityId: zFavourabilityId, projectId: zId });
export const RejectClipsBody = z.object({ binClipBaseIds: zBinClipBaseIds, projectId: zId });
/** How many bin_clips rows changed (the named ones and the same clips' rows in the project's other bins). */
export const ClipChangeResult = z.object({ Updated: z.number() });
export const ListingExportQuery = AnalyticQuery.safeExtend(listingFilters);
export const DuplicatesQuery = AnalyticQuery.safeExtend({
  /** How many of the range's latest clips are compared. */
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(2, 'limit must be at least 2').max(5000, 'limit is at most 5000').default(2000),
});
export const DuplicateGroup = z.object({ Similarity: z.number(), Clips: ClipList });
export const DuplicateGroups = z.array(DuplicateGroup);

/** The listing export (000 §9): Sheet1 with these columns, the body cut at LISTING_BODY_MAX. */
export const LISTING_SHEET = 'Sheet1';
export const LISTING_COLUMNS = ['Platform', 'Author', 'Body', 'Date', 'Media Value', 'Favourability', 'Impact Score', 'Link'] as const;
export const listingFileName = (project: string) => `Listing Report - ${project}.xlsx`;
