// SQL of the deep dive: the items of one rail (hashtags, links, handles, named entities) of a
// scope's posts, read from the rollup bin_hourly_items (kept from clip_enrichment at ingestion):
// the most frequent with their brand association split, the same items' counts in another scope
// (the previous period), the rail's totals, and chosen items' counts per time bucket.
import type { DeepDiveRail } from '@listening/contract';
import { sql } from 'kysely';
import type { Scope } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { ITEM_RAILS, POSTS_RAIL } from '../../ingest/rollups.ts';

/**
 * The rollup rows of a rail in scope (bin_hourly_items, 0023: per bin, rail, UTC hour, stream and
 * item, the posts carrying the item by brand association, each post's item once, 0 brand
 * association counted as Chatter), kept with bin_clips: the same counts as unnesting each post's
 * clip_enrichment, at a cost that follows the hours and items of the range, not its posts.
 */
const inScope = (s: Scope, rail: number) => sql`
  bin_hourly_items.bin_id = ${s.binId} and bin_hourly_items.rail = ${rail}
  and bin_hourly_items.stream_id in (${sql.join(s.streams)})
  and bin_hourly_items.hour >= ${s.from} and bin_hourly_items.hour < ${s.to}`;

export interface ItemRow {
  value: string;
  count: number;
  owned: number;
  earned: number;
  chatter: number;
}

/** Items of the rail with their posts by brand association (0 counts as Chatter): the most frequent, or only `values`. */
export async function items(db: Db, s: Scope, rail: DeepDiveRail, limit: number, values?: string[]): Promise<ItemRow[]> {
  const r = await sql<ItemRow>`
    select item as value,
           sum(owned + earned + chatter)::int as count,
           sum(owned)::int as owned,
           sum(earned)::int as earned,
           sum(chatter)::int as chatter
      from bin_hourly_items
     where ${inScope(s, ITEM_RAILS[rail])}
     ${values ? sql`and item = any(${values}::text[])` : sql``}
     group by item
    having sum(owned + earned + chatter) > 0
     order by 2 desc, 1
     limit ${limit}`.execute(db);
  return r.rows;
}

/** Posts carrying any item of the rail, and how many distinct items they carry. */
export async function totals(db: Db, s: Scope, rail: DeepDiveRail): Promise<{ posts: number; distinct: number }> {
  const r = await sql<{ posts: number; distinct: number }>`
    select (select coalesce(sum(owned + earned + chatter), 0)::int from bin_hourly_items where ${inScope(s, ITEM_RAILS[rail] + POSTS_RAIL)}) as posts,
           (select count(*)::int from (select 1 from bin_hourly_items where ${inScope(s, ITEM_RAILS[rail])}
                                        group by item having sum(owned + earned + chatter) > 0) i) as distinct`.execute(db);
  return { posts: Number(r.rows[0]?.posts ?? 0), distinct: Number(r.rows[0]?.distinct ?? 0) };
}

/**
 * Posts per item per bucket of `bucketMs` from the scope's start (client wall clock): bucket is its
 * index. A UTC hour falls in one bucket (buckets are whole hours of the client's clock), so the
 * hourly rollup gives each post's bucket.
 */
export async function series(db: Db, s: Scope, rail: DeepDiveRail, values: string[], bucketMs: number) {
  if (values.length === 0) return [];
  const start = s.startWall.toISOString().slice(0, 19);
  const r = await sql<{ value: string; bucket: number; count: number }>`
    select item as value,
           floor(extract(epoch from (hour at time zone ${s.timeZone}) - ${start}::timestamp) * 1000 / ${bucketMs})::int as bucket,
           sum(owned + earned + chatter)::int as count
      from bin_hourly_items
     where ${inScope(s, ITEM_RAILS[rail])} and item = any(${values}::text[])
     group by 1, 2
    having sum(owned + earned + chatter) > 0`.execute(db);
  return r.rows;
}
