// The clip tray's reads: the listing (10 per step), clips by id, a project's bins, the listing
// export, near-duplicates.
import { listingFileName } from '@listening/contract';
import type * as C from '@listening/contract';
import type { PassThrough } from 'node:stream';
import type { z } from 'zod';
import { toTopPost, type ClipRow } from '../../analytics/clip-rows.ts';
import { fromWall, resolveScope, type Scope } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { projectForBin, projectForUser } from '../../access/index.ts';
import { duplicateGroups } from './duplicates.ts';
import { listingWorkbook } from './export.ts';
import * as q from './queries.ts';

type Clip = z.infer<typeof C.Clip>;
/** The listing's filters as the contract parses them (the export's query; the tray's adds paging). */
export type ListingQuery = z.output<typeof C.ListingExportQuery>;

/** A clip row as the contract's Clip: a top post with its bin and classification. */
export function toClip(r: ClipRow): Clip {
  return { ...toTopPost(r), BinId: r.bin_id, ClassificationId: r.classification_id };
}

export function listingFilters(s: Scope, query: ListingQuery): q.ListingFilters {
  return {
    hourFrom: query.hourStart ? fromWall(query.hourStart, s.timeZone) : undefined,
    hour: query.hour,
    favourabilityId: query.favourabilityId,
    brandAssociationId: query.brandAssociationId,
  };
}

/** A page of the listing; with `rejected`, of the scope's rejected clips, each saying when and by whom. */
export async function listClips(db: Db, user: AuthUser, query: z.output<typeof C.ClipListQuery>): Promise<z.infer<typeof C.ClipPage>> {
  const s = await resolveScope(db, user, query);
  const filters = listingFilters(s, query);
  const rows = query.rejected
    ? (await q.rejectedPage(db, s, filters, query.offset, query.limit + 1)).map((r) => ({
        ...toClip(r),
        RejectedAt: r.rejected_at ? new Date(r.rejected_at).toISOString() : null,
        RejectedBy: r.rejected_by_name,
      }))
    : (await q.clipPage(db, s, filters, query.offset, query.limit + 1)).map(toClip);
  return { Data: rows.slice(0, query.limit), HasMore: rows.length > query.limit };
}

/** The listing as a workbook: its file name and the stream the workbook is written into as rows are read. */
export async function listingExport(db: Db, user: AuthUser, query: ListingQuery): Promise<{ fileName: string; stream: PassThrough }> {
  const s = await resolveScope(db, user, query);
  return { fileName: listingFileName(s.project.description), stream: listingWorkbook(db, s, listingFilters(s, query)) };
}

/** Clips of a bin by clip id, in the order asked (ids not in the bin are left out). */
export async function clipsByIds(db: Db, user: AuthUser, binId: number, clipIds: number[]): Promise<Clip[]> {
  await projectForBin(db, user, binId);
  const byId = new Map((await q.clipsByIds(db, binId, clipIds)).map((r) => [Number(r.clip_id), toClip(r)]));
  return clipIds.flatMap((id) => byId.get(id) ?? []);
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
  const rows = await q.clipPage(db, s, {}, 0, query.limit);
  return duplicateGroups(rows, (r) => r.body).map((g) => ({ Similarity: g.similarity, Clips: g.items.map(toClip) }));
}
