// bin_hourly: per bin, stream and UTC hour, the counts and AVE the dashboards read instead of
// scanning bin_clips. Rejected bin_clips are not counted. Every writer of bin_clips keeps it in
// step: ingestion adds only the rows it inserted (store.ts); rating and rejecting go through
// adjustRollups() below, which changes the rows and the rollups in one statement.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection.ts';

/**
 * Adds signed rows to bin_hourly. `source` yields bin_id, stream_id, posted_at, ave (the signed
 * AVE change), favourability_id, brand_association_id and sign (+1 a clip enters, -1 it leaves,
 * 0 only its AVE moved).
 */
export function rollupUpsert(source: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    insert into bin_hourly as h (bin_id, stream_id, hour, clips, ave, positive, negative, neutral, owned, earned, chatter)
    select bin_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC',
           sum(sign), sum(ave),
           sum(sign * (favourability_id = 1)::int), sum(sign * (favourability_id = 3)::int),
           sum(sign * (favourability_id = 2)::int),
           sum(sign * (brand_association_id = 1)::int), sum(sign * (brand_association_id = 2)::int),
           sum(sign * (brand_association_id not in (1, 2))::int)
      from (${source}) d
     group by 1, 2, 3
     order by 1, 2, 3
    on conflict (bin_id, stream_id, hour) do update
      set clips = h.clips + excluded.clips, ave = h.ave + excluded.ave,
          positive = h.positive + excluded.positive, negative = h.negative + excluded.negative,
          neutral = h.neutral + excluded.neutral, owned = h.owned + excluded.owned,
          earned = h.earned + excluded.earned, chatter = h.chatter + excluded.chatter`;
}

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
export async function adjustRollups(db: Db, binClipIds: number[], change: BinClipChange): Promise<number> {
  if (binClipIds.length === 0 || (change.favourabilityId === undefined && change.rejected === undefined)) return 0;
  const fav = change.favourabilityId ?? null;
  const rej = change.rejected ?? null;
  const res = await sql<{ n: number }>`
    with old as (
      select id, bin_id, stream_id, posted_at, ave, favourability_id, brand_association_id, rejected
        from bin_clips
       where id = any(${binClipIds}::bigint[])
         and (favourability_id is distinct from coalesce(${fav}::smallint, favourability_id)
              or rejected is distinct from coalesce(${rej}::boolean, rejected))
       order by id
         for update
    ), upd as (
      update bin_clips b
         set favourability_id = coalesce(${fav}::smallint, b.favourability_id), rejected = coalesce(${rej}::boolean, b.rejected)
        from old where b.id = old.id
      returning b.id, b.favourability_id, b.rejected
    ), signed as (
      select o.bin_id, o.stream_id, o.posted_at, -o.ave as ave, o.favourability_id, o.brand_association_id, -1 as sign
        from old o where not o.rejected
      union all
      select o.bin_id, o.stream_id, o.posted_at, o.ave, u.favourability_id, o.brand_association_id, 1
        from old o join upd u on u.id = o.id where not u.rejected
    ), up as (${rollupUpsert(sql`select * from signed`)} returning 1)
    select count(*)::int as n from upd`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

/** Rebuilds bin_hourly from bin_clips (after a bulk load, or to repair). */
export async function rebuildRollups(db: Db, binIds?: number[]): Promise<void> {
  const only = binIds ? sql`where bin_id = any(${binIds}::int[])` : sql``;
  await sql`delete from bin_hourly ${only}`.execute(db);
  await sql`${rollupUpsert(sql`select bin_id, stream_id, posted_at, ave, favourability_id, brand_association_id, 1 as sign from bin_clips ${binIds ? sql`where bin_id = any(${binIds}::int[]) and not rejected` : sql`where not rejected`}`)}`.execute(db);
}
