// SQL of the deep dive: the items of one rail (hashtags, links, handles, named entities) of a
// scope's posts, read from the rollups bin_daily_items and bin_hourly_items (kept from
// clip_enrichment at ingestion; whole days from the first, hours only where a day is cut): in
// one scan the most frequent with their brand association split, their posts in the previous
// period, the distinct items of both periods and the items' counts per time bucket; apart, the
// rail's posts (bin_hourly's count per rail).
import type { DeepDiveRail } from '@listening/contract';
import { sql } from 'kysely';
import { rollupInScope, type Scope } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { ITEM_RAILS, RAIL_POSTS } from '../../ledger/index.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Which rollup rows cover the hours from `from` to `to` (exclusive) when every boundary in
 * `cuts` must stay between rows: a UTC day's row (bin_daily_items) where the day lies whole in
 * the span and no cut falls after its first hour and at or before its last (all its hours
 * would land in one chart bucket and one period), the hours' rows (bin_hourly_items) everywhere
 * else. Rows are keyed by the hour or day they start, so hours are counted from the first whole
 * hour at or after `from`: the same rows as reading every hour of the span.
 */
export function grains(from: Date, to: Date, cuts: Date[]): { days: string[]; hours: string[] } {
  const days: string[] = [];
  const hours: string[] = [];
  const end = to.getTime();
  const c = cuts.map((d) => d.getTime());
  for (let t = Math.ceil(from.getTime() / HOUR) * HOUR; t < end;) {
    const whole = t % DAY === 0 && t + DAY - HOUR < end && !c.some((b) => b > t && b <= t + DAY - HOUR);
    (whole ? days : hours).push(new Date(t).toISOString());
    t += whole ? DAY : HOUR;
  }
  return { days, hours };
}

/**
 * The rollup rows of a rail in scope between `from` and `to` (item, hour, owned, earned,
 * chatter; a day's row carries its first hour), kept with bin_clips: the same counts as
 * unnesting each post's clip_enrichment, at a cost that follows the days and items of the range,
 * not its posts. bin_hourly_items (0023) and bin_daily_items (0026) are per bin, rail, UTC hour
 * or day, stream and item, the posts carrying the item by brand association, each post's item
 * once, 0 brand association counted as Chatter.
 */
const rows = (s: Scope, rail: number, from: Date, to: Date, cuts: Date[], values?: string[]) => {
  const { days, hours } = grains(from, to, cuts);
  const only = values ? sql`and item = any(${values}::text[])` : sql``;
  return sql`
    select item, hour, owned, earned, chatter from bin_hourly_items
     where bin_id = ${s.binId} and rail = ${rail} and stream_id in (${sql.join(s.streams)}) and hour = any(${hours}::timestamptz[]) ${only}
    union all
    select item, day, owned, earned, chatter from bin_daily_items
     where bin_id = ${s.binId} and rail = ${rail} and stream_id in (${sql.join(s.streams)}) and day = any(${days}::timestamptz[]) ${only}`;
};

export interface ItemRow {
  value: string;
  count: number;
  owned: number;
  earned: number;
  chatter: number;
}

export interface Overview {
  /** The most frequent items of the range (or only the values asked), with their previous-period posts. */
  items: (ItemRow & { previous: number })[];
  /** Distinct items (as shown: '#acme' and 'acme' are one) with posts in the range, and in the previous period. */
  distinct: { now: number; previous: number };
  /** Posts per listed item per bucket of the range (`bucket`: its index, 0 the first). */
  series: { value: string; bucket: number; count: number }[];
}

/**
 * The deep dive in ONE scan of the rail's rollup rows over the previous period and the range
 * (`prev` is previousScope(s): it ends where `s` starts): per item and bucket of the range, and per
 * item of the previous period, grouped once; from that the top `limit` items as shown (or only
 * `values`), every stored form of each with its brand-association split and previous posts, the distinct items of both periods, and
 * the listed items' posts per bucket. Three reads of the same rows (items, distinct, series) made
 * the deep dive the slowest analysis call; the caller picks the charted items from the list.
 */
export async function overview(
  db: Db,
  s: Scope,
  prev: Scope,
  rail: DeepDiveRail,
  opts: { limit: number; starts: Date[]; prefix?: string; values?: string[] },
): Promise<Overview> {
  const { limit, starts, prefix, values } = opts;
  // A bucket's index: how many later buckets have begun by the hour (`starts`: the instants the
  // second and later buckets begin, worked out once by the caller instead of per row).
  const bucket = starts.length ? sql`width_bucket(hour, ${starts.map((d) => d.toISOString())}::timestamptz[])` : sql`0`;
  // The item as shown, without its rail's prefix: the stored forms '#acme' and 'acme' share it.
  const key = prefix ? sql`case when left(item, 1) = ${prefix} then substr(item, 2) else item end` : sql`item`;
  const r = await sql<{
    kind: 'i' | 's' | 'd';
    value: string;
    bucket: number | null;
    count: number;
    owned: number;
    earned: number;
    chatter: number;
    previous: number;
  }>`
    with g as (
      select item, hour >= ${s.from} as now,
             case when hour >= ${s.from} then ${bucket} end as bucket,
             sum(owned)::int as owned, sum(earned)::int as earned, sum(chatter)::int as chatter
        from (${rows(s, ITEM_RAILS[rail], prev.from, s.to, [s.from, ...starts], values)}) r
       group by 1, 2, 3
    ), i as (
      select item, ${key} as key,
             coalesce(sum(owned + earned + chatter) filter (where now), 0)::int as count,
             coalesce(sum(owned) filter (where now), 0)::int as owned,
             coalesce(sum(earned) filter (where now), 0)::int as earned,
             coalesce(sum(chatter) filter (where now), 0)::int as chatter,
             coalesce(sum(owned + earned + chatter) filter (where not now), 0)::int as previous
        from g group by item
    ), top as (
      -- Ranked by the item as shown ('#acme' and 'acme' are one hashtag), each with all its stored forms.
      select key from i group by key
      having sum(count) > 0 ${values ? sql`or sum(previous) > 0` : sql``}
       order by sum(count) desc, key limit ${limit}
    ), listed as (
      select i.* from i join top on top.key = i.key
    )
    select 'i' as kind, item as value, null::int as bucket, count, owned, earned, chatter, previous from listed
    union all
    select 's', g.item, g.bucket, (g.owned + g.earned + g.chatter)::int, 0, 0, 0, 0
      from g join listed on listed.item = g.item where g.now and g.owned + g.earned + g.chatter > 0
    union all
    select 'd', '', null, (select count(distinct key)::int from i where count > 0), 0, 0, 0, (select count(distinct key)::int from i where previous > 0)`.execute(
    db,
  );
  const out: Overview = { items: [], distinct: { now: 0, previous: 0 }, series: [] };
  for (const row of r.rows) {
    if (row.kind === 'i')
      out.items.push({
        value: row.value,
        count: Number(row.count),
        owned: Number(row.owned),
        earned: Number(row.earned),
        chatter: Number(row.chatter),
        previous: Number(row.previous),
      });
    else if (row.kind === 's') out.series.push({ value: row.value, bucket: Number(row.bucket), count: Number(row.count) });
    else out.distinct = { now: Number(row.count), previous: Number(row.previous) };
  }
  return out;
}

/** Posts carrying any item of the rail, from bin_hourly (one row per stream and hour of the range). */
export async function posts(db: Db, s: Scope, rail: DeepDiveRail): Promise<number> {
  const r = await db
    .selectFrom('bin_hourly')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(RAIL_POSTS[rail]), sql<number>`0`).as('posts'))
    .$call(rollupInScope(s))
    .executeTakeFirst();
  return Number(r?.posts ?? 0);
}
