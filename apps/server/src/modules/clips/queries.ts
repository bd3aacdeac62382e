// SQL of the clip tray: the listing (offset pages for the tray, keyset batches for the export),
// the rejected clips of a scope (the tray's 'Rejected' view), clips by id, and a project's bins. Rows have the shared clip-row shape (analytics/clip-rows.ts).
import { BRAND_ASSOCIATION } from '@listening/contract';
import { sql } from 'kysely';
import { clipRows, type ClipRow } from '../../analytics/clip-rows.ts';
import { clipsInScope, type Scope } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';

/** Chatter is brand association 3, or 0 in older rows: a Chatter filter takes both. */
const CHATTER_IDS = [0, BRAND_ASSOCIATION.Chatter];

export interface ListingFilters {
  /** Posts of one hour: [from, from + 1 h), an instant. */
  hourFrom?: Date;
  /** Hour of the day, client time. */
  hour?: number;
  favourabilityId?: number;
  brandAssociationId?: number;
  /** The scope's rejected clips instead of its counted ones. */
  rejected?: boolean;
}

/** The listing of a scope, with the tray's filters. */
function listing(db: Db, s: Scope, f: ListingFilters) {
  return clipRows(db)
    .$call(clipsInScope(s, { rejected: f.rejected }))
    .$if(f.hourFrom !== undefined, (qb) =>
      qb.where('bin_clips.posted_at', '>=', f.hourFrom!).where('bin_clips.posted_at', '<', new Date(f.hourFrom!.getTime() + 3_600_000)),
    )
    .$if(f.hour !== undefined, (qb) => qb.where(sql<number>`extract(hour from bin_clips.posted_at at time zone ${s.timeZone})::int`, '=', f.hour!))
    .$if(f.favourabilityId !== undefined, (qb) => qb.where('bin_clips.favourability_id', '=', f.favourabilityId!))
    .$if(f.brandAssociationId !== undefined, (qb) =>
      qb.where('bin_clips.brand_association_id', 'in', CHATTER_IDS.includes(f.brandAssociationId!) ? CHATTER_IDS : [f.brandAssociationId!]),
    );
}

/** A page of the listing, newest first. */
export function clipPage(db: Db, s: Scope, f: ListingFilters, offset: number, limit: number) {
  return listing(db, s, f).orderBy('bin_clips.posted_at', 'desc').orderBy('bin_clips.id', 'desc').offset(offset).limit(limit).execute();
}

/** A page of the scope's rejected clips, newest first, with when and by whom each was rejected. */
export function rejectedPage(db: Db, s: Scope, f: ListingFilters, offset: number, limit: number) {
  return listing(db, s, { ...f, rejected: true })
    .leftJoin('users as rejecter', 'rejecter.id', 'bin_clips.rejected_by')
    .select(['bin_clips.rejected_at', sql<string | null>`nullif(trim(rejecter.name || ' ' || rejecter.surname), '')`.as('rejected_by_name')])
    .orderBy('bin_clips.posted_at', 'desc')
    .orderBy('bin_clips.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** The listing in keyset batches, newest first: memory stays one batch however long the range. */
export async function* clipBatches(db: Db, s: Scope, f: ListingFilters, batchSize = 2000): AsyncGenerator<ClipRow[]> {
  let after: { postedAt: Date; id: number } | null = null;
  for (;;) {
    const cursor: { postedAt: Date; id: number } | null = after;
    const rows: ClipRow[] = await listing(db, s, f)
      .$if(cursor !== null, (qb) =>
        qb
          .where('bin_clips.posted_at', '<=', cursor!.postedAt)
          .where((eb) => eb(eb.refTuple('bin_clips.posted_at', 'bin_clips.id'), '<', eb.tuple(cursor!.postedAt, cursor!.id))),
      )
      .orderBy('bin_clips.posted_at', 'desc')
      .orderBy('bin_clips.id', 'desc')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = { postedAt: new Date(last.posted_at), id: Number(last.id) };
  }
}

/** Clips of a bin by clip id (any date, any stream, rejected ones left out). */
export function clipsByIds(db: Db, binId: number, clipIds: number[]) {
  return clipRows(db).where('bin_clips.bin_id', '=', binId).where('bin_clips.clip_id', 'in', clipIds).where('bin_clips.rejected', '=', false).execute();
}

export function binsOfProjects(db: Db, projectIds: number[]) {
  return db
    .selectFrom('bins')
    .select(['id', 'name', 'project_id', 'parent_id', 'bin_type_id'])
    .where('project_id', 'in', projectIds)
    .where('is_deleted', '=', false)
    .orderBy('project_id')
    .orderBy('name')
    .execute();
}
