// The clip tray's reads: the listing (10 per step), clips by id, a project's bins, near-duplicates.
import type * as C from '@listening/contract';
import type { AnalyticQuery } from '@listening/contract';
import type { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { projectForBin, projectForUser } from '../clients/access.ts';
import { fromWall, resolveScope, type Scope } from '../dashboard/scope.ts';
import { duplicateGroups } from './duplicates.ts';
import * as q from './queries.ts';

type Clip = z.infer<typeof C.Clip>;
export type ListingQuery = AnalyticQuery & { hourStart?: Date; hour?: number; favourabilityId?: number; brandAssociationId?: number };

export function toClip(r: q.ClipRow): Clip {
  return {
    Id: Number(r.id),
    ClipId: Number(r.clip_id),
    StreamId: r.stream_id,
    AuthorId: r.author_id === null ? null : Number(r.author_id),
    AuthorName: r.author_name ?? '',
    Body: r.body,
    DatePosted: new Date(r.posted_at).toISOString(),
    Link: r.link,
    AVE: Math.round(Number(r.ave) * 100) / 100,
    ImpactScore: Number(r.impact_score),
    FavourabilityId: r.favourability_id,
    BrandAssociationId: r.brand_association_id,
    BinId: r.bin_id,
    ClassificationId: r.classification_id,
  };
}

export function listingFilters(s: Scope, query: ListingQuery): q.ListingFilters {
  return {
    hourFrom: query.hourStart ? fromWall(query.hourStart, s.timeZone) : undefined,
    hour: query.hour,
    favourabilityId: query.favourabilityId,
    brandAssociationId: query.brandAssociationId,
  };
}

export async function listClips(db: Db, user: AuthUser, query: ListingQuery & { offset: number; limit: number }): Promise<z.infer<typeof C.ClipPage>> {
  const s = await resolveScope(db, user, query);
  const rows = await q.clipPage(db, s, listingFilters(s, query), query.offset, query.limit + 1);
  return { Data: rows.slice(0, query.limit).map(toClip), HasMore: rows.length > query.limit };
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
  return (await q.binsOfProjects(db, projectIds)).map((b) => ({ Id: b.id, Name: b.name, ProjectId: b.project_id!, ParentId: b.parent_id, BinTypeId: b.bin_type_id }));
}

export async function duplicates(db: Db, user: AuthUser, query: AnalyticQuery & { limit: number }): Promise<z.infer<typeof C.DuplicateGroups>> {
  const s = await resolveScope(db, user, query);
  const rows = await q.clipPage(db, s, {}, 0, query.limit);
  return duplicateGroups(rows, (r) => r.body).map((g) => ({ Similarity: g.similarity, Clips: g.items.map(toClip) }));
}
