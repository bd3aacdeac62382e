// The clip tray's reads: the listing (10 per step, keyset pages in a snapshot), the count of new
// posts, the ids behind 'select all', clips by id, a project's bins, the listing export, near-duplicates.
import { RATE_MAX_CLIPS, listingFileName, tooManyToChange } from '@listening/contract';
import type * as C from '@listening/contract';
import type { PassThrough } from 'node:stream';
import type { z } from 'zod';
import { toTopPost, type ClipRow } from '../../analytics/clip-rows.ts';
import { clientTimeZone, fromWall, resolveScope, wallRange } from '../../analytics/scope.ts';
import { trayFilters, type ListingQuery } from '../../analytics/tray-filter.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../../errors.ts';
import { explainSentiment } from '../../nlp/sentiment.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { projectForBin, projectForUser } from '../../access/index.ts';
import { duplicateGroups } from './duplicates.ts';
import { listingWorkbook } from './export.ts';
import * as q from './queries.ts';

type Clip = z.infer<typeof C.Clip>;

/** A clip row as the contract's Clip: a top post with its bin and classification. */
export function toClip(r: ClipRow): Clip {
  return { ...toTopPost(r), BinId: r.bin_id, ClassificationId: r.classification_id };
}

/** The tray's clips say why they got their sentiment (docs/sentiment.md): a page is 10 posts, each explained in well under a millisecond. */
function withWhy(c: Clip): Clip {
  const e = explainSentiment(c.Body);
  return {
    ...c,
    SentimentWhy: { Scorer: e.scorer, FavourabilityId: e.favourabilityId, Reasons: e.reasons.map((r) => ({ Feature: r.feature, Weight: r.weight })) },
  };
}

/**
 * A page of the listing; with `rejected`, of the scope's rejected clips, each saying when and by
 * whom. Keyset paging inside a snapshot: the first page takes the newest post id as its SnapshotId
 * (before reading, so nothing slips between), later pages send it back with the cursor, so a post
 * that arrives meanwhile is never listed twice nor shifts a page: it is counted as new instead
 * (newClipCount) and loaded with `newerThan`.
 */
export async function listClips(db: Db, user: AuthUser, query: z.output<typeof C.ClipListQuery>): Promise<z.infer<typeof C.ClipPage>> {
  const s = await resolveScope(db, user, query);
  const snapshotId = query.snapshotId ?? (await q.newestId(db));
  const filters: q.ListingFilters = { ...(await trayFilters(db, s, query)), snapshotId, newerThan: query.newerThan };
  const rows = await q.clipPage(db, s, filters, query.cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const first = query.cursor === undefined && query.newerThan === undefined;
  return {
    Data: page.map((r) =>
      withWhy(
        query.rejected ? { ...toClip(r), RejectedAt: r.rejected_at ? new Date(r.rejected_at).toISOString() : null, RejectedBy: r.rejected_by_name } : toClip(r),
      ),
    ),
    HasMore: rows.length > query.limit,
    NextCursor: rows.length > query.limit ? `${last.cursor_at},${last.id}` : null,
    SnapshotId: snapshotId,
    Total: first ? (rows.length > query.limit ? await q.countListing(db, s, filters) : page.length) : null,
  };
}

/** How many posts of the listing arrived after its snapshot. */
export async function newClipCount(db: Db, user: AuthUser, query: z.output<typeof C.NewClipsQuery>): Promise<z.infer<typeof C.NewClipsCount>> {
  const s = await resolveScope(db, user, query);
  const filters = { ...(await trayFilters(db, s, query)), newerThan: query.snapshotId };
  return { Count: await q.countListing(db, s, filters) };
}

/**
 * The bin_clips ids of every post of a listing filter as of its snapshot ('select all'), for a
 * rating, rejection or restore: 400 when there are more than RATE_MAX_CLIPS, naming how many.
 */
export async function matchingIds(db: Db, user: AuthUser, body: z.output<typeof C.MatchingClipsBody>, rejected: boolean, verb: string) {
  const s = await resolveScope(db, user, body);
  const filters = { ...(await trayFilters(db, s, body)), rejected, snapshotId: body.snapshotId };
  const ids = await q.listingIds(db, s, filters, RATE_MAX_CLIPS + 1);
  if (ids.length > RATE_MAX_CLIPS) throw badRequest(tooManyToChange(await q.countListing(db, s, filters), verb));
  return { projectId: s.project.id, ids };
}

/** The listing as a workbook: its file name and the stream the workbook is written into as rows are read. */
export async function listingExport(db: Db, user: AuthUser, query: ListingQuery): Promise<{ fileName: string; stream: PassThrough }> {
  const s = await resolveScope(db, user, query);
  return { fileName: listingFileName(s.project.description), stream: listingWorkbook(db, s, await trayFilters(db, s, query)) };
}

/** Clips of a bin by clip id, in the order asked (ids not in the bin are left out). */
export async function clipsByIds(db: Db, user: AuthUser, binId: number, clipIds: number[]): Promise<Clip[]> {
  await projectForBin(db, user, binId);
  const byId = new Map((await q.clipsByIds(db, binId, clipIds)).map((r) => [Number(r.clip_id), withWhy(toClip(r))]));
  return clipIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The newest clips of the given bins (the tree view: a folder and its subfolders) in the range and
 * streams, each once, with their count; any bin not visible answers 404. The range is the client's wall
 * clock, as every analytic read's.
 */
export async function clipsOfBins(db: Db, user: AuthUser, query: z.output<typeof C.ClipBinsQuery>): Promise<C.ClipsOfBins> {
  const binIds = query.binIds!;
  let clientId = 0;
  for (const id of binIds) {
    const { project } = await projectForBin(db, user, id);
    if (query.projectIds && !query.projectIds.includes(project.id)) throw badRequest(`Bin ${id} is not a bin of projectIds ${query.projectIds.join(',')}`);
    clientId = project.client_id;
  }
  const timeZone = await clientTimeZone(db, clientId);
  const { startWall, endWallExclusive } = wallRange(query.startDate!, query.endDate!);
  const [from, to] = [fromWall(startWall, timeZone), fromWall(endWallExclusive, timeZone)];
  const streams = query.streamIds!;
  // A clip filed in a folder and its subfolder is listed once: enough rows for `limit` clips.
  const rows = await q.clipsOfBins(db, binIds, streams, from, to, query.limit * binIds.length);
  const seen = new Set<number>();
  const clips = rows.filter((r) => !seen.has(Number(r.clip_id)) && seen.add(Number(r.clip_id))).slice(0, query.limit);
  const total = rows.length < query.limit * binIds.length ? seen.size : await q.countClipsOfBins(db, binIds, streams, from, to);
  return { Data: clips.map(toClip), Total: total };
}

/** The bins of the given projects (the tray's bin picker); any project not visible answers 404. */
export async function binsOfProjects(db: Db, user: AuthUser, projectIds: number[]): Promise<z.infer<typeof C.ClipBinList>> {
  for (const id of projectIds) await projectForUser(db, user, id);
  return (await q.binsOfProjects(db, projectIds)).map((b) => ({
    Id: b.id,
    Name: b.name,
    ProjectId: b.project_id!,
    ParentId: b.parent_id,
    BinTypeId: b.bin_type_id,
  }));
}

export async function duplicates(db: Db, user: AuthUser, query: z.output<typeof C.DuplicatesQuery>): Promise<z.infer<typeof C.DuplicateGroups>> {
  const s = await resolveScope(db, user, query);
  const rows = await q.clipPage(db, s, {}, undefined, query.limit);
  return duplicateGroups(rows, (r) => r.body).map((g) => ({ Similarity: g.similarity, Clips: g.items.map(toClip) }));
}
