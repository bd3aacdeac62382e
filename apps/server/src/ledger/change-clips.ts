// Changing clips already filed: rating, rejecting and restoring bin_clips rows (changeBinClips),
// who rejected them (recordRejectedBy) and the classification a new sentiment model gives them
// (reclassify). A rating or rejection moves bin_hourly, bin_hourly_sentiment, bin_hourly_places,
// bin_hourly_items and bin_daily_items in the statement that changes the rows (rollups.ts); the
// other two change columns no rollup reads.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { cutItems, itemRows, itemRowsUpsert, placesUpsert, rollupUpserts } from './rollups.ts';

export interface BinClipChange {
  /** Rate: 1 Positive, 2 Neutral, 3 Negative. */
  favourabilityId?: number;
  /** Reject (true) or restore (false). */
  rejected?: boolean;
}

/**
 * Applies a rating or rejection to bin_clips rows (by id, the specification's binClipBaseIds)
 * and moves bin_hourly by exactly the difference, atomically. Use it instead of updating
 * bin_clips' favourability_id or rejected directly. Returns the number of rows changed.
 */
export async function changeBinClips(db: Db, binClipIds: number[], change: BinClipChange): Promise<number> {
  if (binClipIds.length === 0 || (change.favourabilityId === undefined && change.rejected === undefined)) return 0;
  const fav = change.favourabilityId ?? null;
  const rej = change.rejected ?? null;
  const res = await sql<{ n: number }>`
    with old as (
      select id, bin_id, clip_id, stream_id, posted_at, ave, favourability_id, brand_association_id, rejected
        from bin_clips
       where id = any(${binClipIds}::bigint[])
         and (favourability_id is distinct from coalesce(${fav}::smallint, favourability_id)
              or rejected is distinct from coalesce(${rej}::boolean, rejected))
       order by id
         for update
    ), upd as (
      update bin_clips b
         set favourability_id = coalesce(${fav}::smallint, b.favourability_id), rejected = coalesce(${rej}::boolean, b.rejected)
        from old where b.id = old.id and b.posted_at = old.posted_at
      returning b.id, b.favourability_id, b.rejected
    ), signed as (
      select o.bin_id, o.clip_id, o.stream_id, o.posted_at, -o.ave as ave, o.favourability_id, o.brand_association_id, -1 as sign
        from old o where not o.rejected
      union all
      select o.bin_id, o.clip_id, o.stream_id, o.posted_at, o.ave, u.favourability_id, o.brand_association_id, 1
        from old o join upd u on u.id = o.id where not u.rejected
    ), net as (
      -- Per row, whether it entered (+1) or left (-1) the counts: a rating alone nets to 0 and moves neither places nor items.
      select bin_id, clip_id, stream_id, posted_at, brand_association_id, sum(sign) as sign
        from signed group by 1, 2, 3, 4, 5 having sum(sign) <> 0
    ), ${itemRows(
      cutItems(sql`
      select n.*, e.hashtags, e.urls, e.handles, e.people, e.organisations, e.places
        from net n join clip_enrichment e on e.clip_id = n.clip_id`),
    )}, ${rollupUpserts('signed', true)}, ${itemRowsUpsert()}, ${placesUpsert(sql`
      select n.bin_id, n.stream_id, n.posted_at, n.sign, l.country_code, l.place, l.latitude, l.longitude
        from net n join clip_locations l on l.clip_id = n.clip_id`)}
    select count(*)::int as n from upd`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

/** Who rejected the rows and when (null: restored). Not read by any rollup. */
export async function recordRejectedBy(db: Db, binClipIds: number[], by: { userId: number; at: Date } | null): Promise<void> {
  await db
    .updateTable('bin_clips')
    .set(by ? { rejected_by: by.userId, rejected_at: by.at } : { rejected_by: null, rejected_at: null })
    .where('id', 'in', binClipIds)
    .execute();
}

/** The rows' classification (Positive, Negative… as the sentiment model labels the clip): not read by any rollup. */
export async function reclassify(db: Db, rows: { id: number; classificationId: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    update bin_clips b set classification_id = v.classification_id
      from unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.classificationId)}::smallint[]) as v(id, classification_id)
     where b.id = v.id`.execute(db);
}
