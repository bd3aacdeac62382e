// SQL of the deep dive: the items of one rail (hashtags, links, handles, named entities) of a
// scope's posts, read from clip_enrichment: the most frequent with their brand association
// split, the same items' counts in another scope (the previous period), the rail's totals, and
// chosen items' counts per time bucket.
import type { DeepDiveRail } from '@listening/contract';
import { sql, type RawBuilder } from 'kysely';
import { clipsInScope, type Scope } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';

const RAIL_COLUMN: Record<DeepDiveRail, RawBuilder<string[]>> = {
  hashtag: sql`e.hashtags`,
  url: sql`e.urls`,
  handle: sql`e.handles`,
  entity: sql`e.people || e.organisations || e.places`,
};

/**
 * A post's items of the rail, each once (a post naming a hashtag twice, or a name that is both a
 * person and a place, counts once): so items are counted with count(*), a hash aggregate, rather
 * than count(distinct clip_id), which sorts every row.
 */
const itemsOnce = (rail: DeepDiveRail) => sql`(select distinct v from unnest(${RAIL_COLUMN[rail]}) as v) as t(value)`;

/** The scope's posts (one row per clip) with their brand association. */
const posts = (db: Db, s: Scope) => db.selectFrom('bin_clips').select(['bin_clips.clip_id', 'bin_clips.brand_association_id']).$call(clipsInScope(s));

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
    with p as (${posts(db, s)})
    select t.value,
           count(*)::int as count,
           count(*) filter (where p.brand_association_id = 1)::int as owned,
           count(*) filter (where p.brand_association_id = 2)::int as earned,
           count(*) filter (where p.brand_association_id not in (1, 2))::int as chatter
      from p
      join clip_enrichment e on e.clip_id = p.clip_id
      cross join lateral ${itemsOnce(rail)}
     ${values ? sql`where t.value = any(${values}::text[])` : sql``}
     group by t.value
     order by 2 desc, 1
     limit ${limit}`.execute(db);
  return r.rows;
}

/** Posts carrying any item of the rail, and how many distinct items they carry. */
export async function totals(db: Db, s: Scope, rail: DeepDiveRail): Promise<{ posts: number; distinct: number }> {
  const r = await sql<{ posts: number; distinct: number }>`
    with p as (${posts(db, s)})
    select (select count(*)::int from p join clip_enrichment e on e.clip_id = p.clip_id where cardinality(${RAIL_COLUMN[rail]}) > 0) as posts,
           (select count(distinct t.value)::int from p join clip_enrichment e on e.clip_id = p.clip_id cross join lateral unnest(${RAIL_COLUMN[rail]}) as t(value)) as distinct`.execute(
    db,
  );
  return { posts: Number(r.rows[0]?.posts ?? 0), distinct: Number(r.rows[0]?.distinct ?? 0) };
}

/** Posts per item per bucket of `bucketMs` from the scope's start (client wall clock): bucket is its index. */
export async function series(db: Db, s: Scope, rail: DeepDiveRail, values: string[], bucketMs: number) {
  if (values.length === 0) return [];
  const start = s.startWall.toISOString().slice(0, 19);
  const r = await sql<{ value: string; bucket: number; count: number }>`
    with p as (${posts(db, s).select('bin_clips.posted_at')})
    select t.value,
           floor(extract(epoch from (p.posted_at at time zone ${s.timeZone}) - ${start}::timestamp) * 1000 / ${bucketMs})::int as bucket,
           count(*)::int as count
      from p
      join clip_enrichment e on e.clip_id = p.clip_id
      cross join lateral ${itemsOnce(rail)}
     where t.value = any(${values}::text[])
     group by 1, 2`.execute(db);
  return r.rows;
}
