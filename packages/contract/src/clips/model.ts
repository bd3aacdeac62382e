// Posts as listings show them (the clip tray, the export, duplicates) and the tray's filters.
import { z } from 'zod';
import { AnalyticQuery, zBool, zBrandAssociationId, zFavourabilityId, zId, zIdList, zOffset, zWallTime } from '../common.ts';
import { CLIP_ID_BATCH, CLIP_TRAY_STEP } from '../constants.ts';
import { TopPost } from '../dashboard/model.ts';

/** A post in a listing: a top post's fields plus its bin and classification. */
export const Clip = TopPost.extend({
  BinId: z.number(),
  ClassificationId: z.number(),
  /** In the listing of rejected clips only: when the clip was rejected, and by whom (their name). */
  RejectedAt: z.string().nullable().optional(),
  RejectedBy: z.string().nullable().optional(),
});
export type Clip = z.infer<typeof Clip>;
export const ClipList = z.array(Clip);
/** Listing filters shared by the tray, the export and duplicates. */
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
};
export const ClipListQuery = AnalyticQuery.safeExtend({
  ...listingFilters,
  offset: zOffset,
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(100, 'limit is at most 100').default(CLIP_TRAY_STEP),
  /** true: the scope's rejected (Irrelevant) clips instead, newest first, with who rejected them and when. */
  rejected: zBool('rejected'),
});
export const ClipPage = z.object({ Data: ClipList, HasMore: z.boolean() });
export const ClipIdsQuery = z.object({ binId: zId, clipIds: zIdList('clipIds', CLIP_ID_BATCH) });
export const ClipBinsQuery = z.object({ projectIds: zIdList('projectIds', 50) });
export const ClipBin = z.object({ Id: z.number(), Name: z.string(), ProjectId: z.number(), ParentId: z.number().nullable(), BinTypeId: z.number() });
export const ClipBinList = z.array(ClipBin);
/** Most clips one rating or rejection may name. */
export const RATE_MAX_CLIPS = 1000;
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
export const ListingExportQuery = AnalyticQuery.safeExtend(listingFilters);
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
