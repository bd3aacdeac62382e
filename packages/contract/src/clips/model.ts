// Posts as listings show them (the clip tray, the export, duplicates) and the tray's filters.
import { z } from 'zod';
import {
  AnalyticQuery,
  MAX_ID,
  MAX_RANGE_DAYS,
  MAX_YEAR,
  MIN_YEAR,
  quoteInput,
  zBool,
  zBrandAssociationId,
  zFavourabilityId,
  zId,
  zIdList,
  zStreamList,
  zWallTime,
} from '../common.ts';
import { CLIP_ID_BATCH, CLIP_TRAY_STEP } from '../constants.ts';
import { TopPost } from '../dashboard/model.ts';
import { zCountryCode } from '../worldmap/model.ts';

/** A post in a listing: a top post's fields plus its bin and classification. */
/**
 * Why a post got its sentiment (docs/sentiment.md): which scorer decided, the favourability it
 * gave (a user's rating may since differ) and the features that weighed most, strongest first;
 * a positive Weight pushed towards that verdict, a negative one away from it.
 */
export const SentimentWhy = z.object({
  Scorer: z.enum(['model', 'lexicon']),
  FavourabilityId: z.number(),
  Reasons: z.array(z.object({ Feature: z.string(), Weight: z.number() })),
});
export type SentimentWhy = z.infer<typeof SentimentWhy>;

export const Clip = TopPost.extend({
  BinId: z.number(),
  ClassificationId: z.number(),
  /** In the clip tray's listing and clips by id: why this sentiment. */
  SentimentWhy: SentimentWhy.optional(),
  /** In the listing of rejected clips only: when the clip was rejected, and by whom (their name). */
  RejectedAt: z.string().nullable().optional(),
  RejectedBy: z.string().nullable().optional(),
});
export type Clip = z.infer<typeof Clip>;
export const ClipList = z.array(Clip);
/** Longest word or phrase the tray filters by (a word-cloud entry or an included phrase). */
export const MAX_WORD_LENGTH = 100;
/** A word, hashtag (#acme), handle (@acme), named entity or phrase: 1 to MAX_WORD_LENGTH visible characters. */
const zWord = z
  .string({ error: 'word must be text' })
  .trim()
  .min(1, 'word must not be empty')
  .max(MAX_WORD_LENGTH, `word is at most ${MAX_WORD_LENGTH} characters`)
  // eslint-disable-next-line no-control-regex
  .refine((w) => !/[\u0000-\u001f\u007f]/.test(w), 'word must not hold control characters');

/** Most author accounts one listing filters by (a person has at most one per network). */
export const MAX_AUTHOR_IDS = 20;
/** Most clips one rating or rejection may name, and one listing or export may be narrowed to. */
export const RATE_MAX_CLIPS = 1000;

/** Listing filters shared by the tray, the export and selecting every matching post. */
const listingFilters = {
  /** Posts of one hour (a heatmap cell of a day row): [hourStart, hourStart + 1 h), client time. */
  hourStart: zWallTime('hourStart').optional(),
  /** Posts of one hour of the day across the range (a heatmap cell of a week or month row). */
  hour: z.coerce
    .number({ error: 'hour must be 0 to 23' })
    .int('hour must be 0 to 23')
    .min(0, 'hour must be 0 to 23')
    .max(23, 'hour must be 0 to 23')
    .optional(),
  favourabilityId: zFavourabilityId.optional(),
  brandAssociationId: zBrandAssociationId.optional(),
  /** Posts of one author account. */
  authorId: zId.optional(),
  /** Posts of any of these author accounts (a top author's accounts on several networks), a comma list. */
  authorIds: zIdList('authorIds', MAX_AUTHOR_IDS).optional(),
  /** Posts carrying a word-cloud entry (word, #hashtag, @handle, named entity), or holding an included phrase. */
  word: zWord.optional(),
  /** Posts from one country (the world map), ISO 3166-1 alpha-2. */
  countryCode: zCountryCode.optional(),
  /**
   * Only these posts, a comma list of bin_clips ids (the Id of a post), each a row of the scope's
   * project (404 otherwise): a top post opened in the tray, or the tray's ticked posts exported.
   */
  binClipBaseIds: zIdList('binClipBaseIds', RATE_MAX_CLIPS).optional(),
};

/**
 * Where the next page starts: the NextCursor of the page before, the last post's posting instant
 * (to the microsecond) and its id. Keyset paging: a post arriving meanwhile never shifts a page.
 */
export const zCursor = z.string({ error: 'cursor must be text' }).transform((s, ctx) => {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z),(\d{1,10})$/.exec(s);
  const at = m ? new Date(m[1]) : null;
  const id = m ? Number(m[2]) : 0;
  if (!m || !at || Number.isNaN(at.getTime()) || at.getUTCFullYear() < MIN_YEAR || at.getUTCFullYear() > MAX_YEAR || id < 1 || id > MAX_ID) {
    ctx.addIssue({ code: 'custom', message: `cursor must be the NextCursor of the page before (a posting instant and a post id), got ${quoteInput(s)}` });
    return z.NEVER;
  }
  return { at: m[1], id };
});
export type ClipCursor = z.output<typeof zCursor>;

/** The newest post id a listing had when its first page was read (SnapshotId): its later pages, counts and 'select all' stop there. */
const zSnapshotId = zId.describe('the SnapshotId of the first page');

/**
 * A query that names only its own parameters: an unknown one (a misspelt filter, the old `offset`)
 * answers 400 naming it, instead of being dropped and listing more than was asked. (zod's strict
 * mode, with the message in the product's words.)
 */
function onlyKnownKeys<T extends z.ZodObject>(schema: T, what: string): T {
  const known = Object.keys(schema.shape).join(', ');
  const error = (issue: z.core.$ZodRawIssue) =>
    issue.code === 'unrecognized_keys'
      ? `${(issue.keys as string[]).map((k) => quoteInput(k)).join(', ')}: not a parameter of ${what} (it takes ${known})`
      : undefined;
  return schema.clone({ ...schema.def, catchall: z.never(), error }) as T;
}

/**
 * The tray's whole filter: the scope, the listing's filters and which view (counted or rejected
 * posts). The listing, its new-post count and "Teach sentiment" take exactly these fields, so
 * Teach chooses among the posts the tray lists.
 */
const trayFilter = {
  ...listingFilters,
  /** true: the scope's rejected (Irrelevant) clips instead, newest first, with who rejected them and when. */
  rejected: zBool('rejected'),
};
/** A query of the tray's filter and nothing else (400 naming any other parameter): `what` names the operation. */
export const trayFilterQuery = (what: string) => onlyKnownKeys(AnalyticQuery.safeExtend(trayFilter), what);

/** How many clips a page of the tray (or of a bins' listing) holds: 1 to 100, the tray's step by default. */
const zClipLimit = z.coerce
  .number({ error: 'limit must be a number' })
  .int()
  .min(1, 'limit must be at least 1')
  .max(100, 'limit is at most 100')
  .default(CLIP_TRAY_STEP);

export const ClipListQuery = onlyKnownKeys(
  AnalyticQuery.safeExtend({
    ...trayFilter,
    limit: zClipLimit,
    /** Absent on the first page; then the NextCursor of the page before. */
    cursor: zCursor.optional(),
    /** Absent on the first page (which answers it); then the first page's SnapshotId. */
    snapshotId: zSnapshotId.optional(),
    /** Only posts that arrived after this SnapshotId ('N new posts'). */
    newerThan: zId.describe('a SnapshotId: only posts that arrived after it').optional(),
  }),
  'the clip listing',
);
export const ClipPage = z.object({
  Data: ClipList,
  HasMore: z.boolean(),
  /** The cursor of the next page; null on the last. */
  NextCursor: z.string().nullable(),
  /** The snapshot the page was read in: send it with the later pages, the new-post count and 'select all'. */
  SnapshotId: z.number(),
  /** How many posts the whole listing holds (the first page only; null on later pages). */
  Total: z.number().nullable(),
});
/** How many posts of a listing arrived after its first page was read. */
export const NewClipsQuery = onlyKnownKeys(AnalyticQuery.safeExtend({ ...trayFilter, snapshotId: zSnapshotId }), 'the new-post count');
export const NewClipsCount = z.object({ Count: z.number() });
export const ClipIdsQuery = z.object({ binId: zId, clipIds: zIdList('clipIds', CLIP_ID_BATCH) });
/** Most bins one clips-of-bins call names (a folder and its subfolders). */
export const CLIP_BINS_MAX = 50;
/**
 * clip/getall/bins: with binIds, the range and streams, the clips of those bins (the tree view,
 * as the specification has it; projectIds then, if given, must hold each bin's project); with
 * projectIds only, the projects' bins (its first callers).
 */
export const ClipBinsQuery = z
  .object({
    projectIds: zIdList('projectIds', CLIP_BINS_MAX).optional(),
    binIds: zIdList('binIds', CLIP_BINS_MAX).optional(),
    startDate: zWallTime('startDate').optional(),
    endDate: zWallTime('endDate').optional(),
    streamIds: zStreamList.optional(),
    limit: zClipLimit,
  })
  .superRefine((q, ctx) => {
    if (q.binIds === undefined && q.projectIds === undefined) ctx.addIssue({ code: 'custom', path: ['binIds'], message: 'binIds (or projectIds) is required' });
    if (q.binIds === undefined) return;
    for (const k of ['startDate', 'endDate', 'streamIds'] as const)
      if (q[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], message: `${k} is required with binIds` });
    if (q.startDate && q.endDate && q.endDate < q.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate is before startDate' });
    else if (q.startDate && q.endDate && q.endDate.getTime() - q.startDate.getTime() > MAX_RANGE_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: `the range is longer than ${MAX_RANGE_DAYS} days` });
  });
export const ClipBin = z.object({ Id: z.number(), Name: z.string(), ProjectId: z.number(), ParentId: z.number().nullable(), BinTypeId: z.number() });
export const ClipBinList = z.array(ClipBin);
/** The newest clips of the bins (a clip filed in two of them is listed once), and how many there are. */
export const ClipsOfBins = z.object({ Data: ClipList, Total: z.number() });
export type ClipsOfBins = z.infer<typeof ClipsOfBins>;
const zBinClipBaseIds = (verb = 'rate') =>
  z
    .array(zId, { error: 'binClipBaseIds must be a list of ids' })
    .min(1, `Please select clips to ${verb}`)
    .max(RATE_MAX_CLIPS, `binClipBaseIds has more than ${RATE_MAX_CLIPS} ids`);
export const RateClipsBody = z.object({ binClipBaseIds: zBinClipBaseIds(), favourabilityId: zFavourabilityId, projectId: zId });
export const RejectClipsBody = z.object({ binClipBaseIds: zBinClipBaseIds(), projectId: zId });
/** Rejected clips to count again: the named rows and the same clips' rows in the project's other bins. */
export const RestoreClipsBody = z.object({ binClipBaseIds: zBinClipBaseIds('restore'), projectId: zId });
/** How many bin_clips rows changed (the named ones and the same clips' rows in the project's other bins). */
export const ClipChangeResult = z.object({ Updated: z.number() });
export const ListingExportQuery = onlyKnownKeys(AnalyticQuery.safeExtend(listingFilters), 'the listing export');
/**
 * 'Select all' in the tray: every post of the listing's filter (as of its SnapshotId) instead of
 * named ids; at most RATE_MAX_CLIPS posts at once (400 beyond, asking to narrow the selection).
 * JSON body: the analytic fields as the query sends them (streamIds a comma list).
 */
export const MatchingClipsBody = AnalyticQuery.safeExtend({ ...listingFilters, snapshotId: zSnapshotId });
/** The rating to give is newFavourabilityId: favourabilityId stays the listing's filter (the Negative posts, rated Positive). */
export const RateMatchingClipsBody = MatchingClipsBody.safeExtend({
  newFavourabilityId: z.coerce
    .number({ error: 'newFavourabilityId must be 1 (Positive), 2 (Neutral) or 3 (Negative)' })
    .int()
    .refine((n) => n === 1 || n === 2 || n === 3, 'newFavourabilityId must be 1 (Positive), 2 (Neutral) or 3 (Negative)'),
});
/** The answer of a selection too large to change at once. */
export const tooManyToChange = (count: number, verb: string) =>
  `This selection has ${count.toLocaleString('en-US')} posts; at most ${RATE_MAX_CLIPS.toLocaleString('en-US')} can be ${verb} at once: narrow the date range or the filters`;
export const DuplicatesQuery = AnalyticQuery.safeExtend({
  /** How many of the range's latest clips are compared. */
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(2, 'limit must be at least 2').max(5000, 'limit is at most 5000').default(2000),
});
export const DuplicateGroup = z.object({ Similarity: z.number(), Clips: ClipList });
export const DuplicateGroups = z.array(DuplicateGroup);

/** The listing export: Sheet1 with these columns, the body cut at LISTING_BODY_MAX. */
export const LISTING_SHEET = 'Sheet1';
export const LISTING_COLUMNS = ['Platform', 'Author', 'Body', 'Date', 'Media Value', 'Favourability', 'Impact Score', 'Link'] as const;
export const listingFileName = (project: string) => `Listing Report - ${project}.xlsx`;
/** Most rows one listing export writes; beyond them a last row says the export stopped (listingTruncatedNote). */
export const LISTING_EXPORT_MAX_ROWS = 100_000;
/** The last row of an export cut at `max` rows. */
export const listingTruncatedNote = (max: number) =>
  `The export stopped at ${max.toLocaleString('en-US')} rows: narrow the date range or the filters to export the rest.`;
