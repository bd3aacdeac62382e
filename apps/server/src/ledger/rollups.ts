// The rollups the dashboards read instead of scanning bin_clips (rejected bin_clips count nowhere):
// - bin_hourly (0002): per bin, stream and UTC hour, counts, AVE, favourability, owned/earned/chatter;
// - bin_hourly_sentiment (0004): per bin, stream, UTC hour and brand association (0 stored as 3),
//   positive/neutral/negative and AVE: the cross the sentiment summary needs.
// Every writer of bin_clips (all in ledger/) moves BOTH in the statement that changes the rows,
// from the same signed rows (rollupUpserts): filing adds the rows it inserted and the AVE it
// refreshed (file-posts.ts); rating and rejecting go through changeBinClips (change-clips.ts);
// revaluing through revalue.ts; bulk loads end with rebuildRollups() below. No triggers (0005
// dropped them): a direct write to bin_clips that skips these leaves the rollups out of step, so
// lint forbids one outside ledger/ (eslint.config.js).
// - bin_hourly_places (0023): per bin, stream, UTC hour, country and place ('' for a country-only
//   location), the located clips: the world map. Moved by the same writers when a clip enters or
//   leaves a bin (a sign of +1 or -1; AVE and favourability do not touch it), from the signed
//   rows joined to where the clip comes from (placesUpsert).
// - bin_hourly_items (0023): per bin, deep-dive rail, UTC hour, stream and item, the clips
//   carrying the item by brand association. Moved like the places, from the clip's enrichment
//   (itemRows, itemRowsUpsert). The clips carrying any item of a rail (rails 11-14 in itemRows)
//   are bin_hourly's hashtag_posts, url_posts, handle_posts and entity_posts (0026).
// - bin_daily_items (0026): the items per UTC day, moved by the same statements from the same
//   grouped rows: the deep dive reads whole days from it and hours only where a day is cut.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection.ts';

/**
 * Adds signed rows to bin_hourly. `source` yields bin_id, stream_id, posted_at, ave (the signed
 * AVE change), favourability_id, brand_association_id and sign (+1 a clip enters, -1 it leaves,
 * 0 only its AVE moved). `railRows` (railPostRows), when the rows change which clips a bin holds,
 * adds the deep-dive rails' post rows of the same clips: they move the hour's post counts per rail
 * (hashtag_posts, url_posts, handle_posts, entity_posts, 0026) in the same upsert, since one
 * statement may change a row only once.
 */
export function rollupUpsert(source: RawBuilder<unknown>, railRows: RawBuilder<unknown> = sql``): RawBuilder<unknown> {
  return sql`
    insert into bin_hourly as h (bin_id, stream_id, hour, clips, ave, positive, negative, neutral, owned, earned, chatter,
                                 hashtag_posts, url_posts, handle_posts, entity_posts)
    select bin_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC',
           sum(clips), sum(ave), sum(positive), sum(negative), sum(neutral), sum(owned), sum(earned), sum(chatter),
           sum(hashtag_posts), sum(url_posts), sum(handle_posts), sum(entity_posts)
      from (
        select bin_id, stream_id, posted_at, sign as clips, ave,
               sign * (favourability_id = 1)::int as positive, sign * (favourability_id = 3)::int as negative,
               sign * (favourability_id = 2)::int as neutral, sign * (brand_association_id = 1)::int as owned,
               sign * (brand_association_id = 2)::int as earned, sign * (brand_association_id not in (1, 2))::int as chatter,
               0 as hashtag_posts, 0 as url_posts, 0 as handle_posts, 0 as entity_posts
          from (${source}) d
        ${railRows}) x
     group by 1, 2, 3
     order by 1, 2, 3
    on conflict (bin_id, stream_id, hour) do update
      set clips = h.clips + excluded.clips, ave = h.ave + excluded.ave,
          positive = h.positive + excluded.positive, negative = h.negative + excluded.negative,
          neutral = h.neutral + excluded.neutral, owned = h.owned + excluded.owned,
          earned = h.earned + excluded.earned, chatter = h.chatter + excluded.chatter,
          hashtag_posts = h.hashtag_posts + excluded.hashtag_posts, url_posts = h.url_posts + excluded.url_posts,
          handle_posts = h.handle_posts + excluded.handle_posts, entity_posts = h.entity_posts + excluded.entity_posts`;
}

/**
 * rollupUpsert's rows of the deep-dive rails' posts: `rails` yields the post rows of the clips
 * (bin_id, stream_id, posted_at, sign, rail: rail + POSTS_RAIL for each rail the clip has any item
 * of), each row its sign in its rail's column of bin_hourly and 0 in the others.
 */
export function railPostRows(rails: RawBuilder<unknown>): RawBuilder<unknown> {
  // Per rail row, its sign in the rail's column (RAIL_POSTS' order, the insert's).
  const perRail = sql.join(Object.keys(RAIL_POSTS).map((k) => sql`sign * (rail = ${ITEM_RAILS[k as keyof typeof RAIL_POSTS] + POSTS_RAIL})::int`));
  return sql`union all
      select bin_id, stream_id, posted_at, 0, 0, 0, 0, 0, 0, 0, 0, ${perRail}
        from (${rails}) r`;
}

/**
 * Adds the same signed rows to bin_hourly_sentiment: per bin, stream, UTC hour and brand
 * association (1 Owned, 2 Earned, anything else 3 Chatter), favourability counts times sign and
 * the signed AVE. Grouped and in key order, so concurrent writers lock rollup rows in one order.
 */
export function sentimentUpsert(source: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    insert into bin_hourly_sentiment as s (bin_id, stream_id, hour, brand_association_id, positive, neutral, negative, ave)
    select bin_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC',
           case when brand_association_id in (1, 2) then brand_association_id else 3 end,
           sum(sign * (favourability_id = 1)::int), sum(sign * (favourability_id = 2)::int),
           sum(sign * (favourability_id = 3)::int), sum(ave)
      from (${source}) d
     group by 1, 2, 3, 4
     order by 1, 2, 3, 4
    on conflict (bin_id, stream_id, hour, brand_association_id) do update
      set positive = s.positive + excluded.positive, neutral = s.neutral + excluded.neutral,
          negative = s.negative + excluded.negative, ave = s.ave + excluded.ave`;
}

/**
 * Both rollups' upserts as CTE members over ONE set of signed rows: `with d as (source), <this>`.
 * `source` must carry the row's real favourability_id and brand_association_id even when sign is
 * 0 (an AVE change only), since bin_hourly_sentiment files AVE by brand association. `withItems`:
 * the statement also has itemRows (clips entering or leaving bins), whose rails' post rows move
 * bin_hourly's post counts per rail.
 */
export function rollupUpserts(from: string, withItems = false): RawBuilder<unknown> {
  const d = sql.raw(`select * from ${from}`);
  const rails = withItems ? sql`select bin_id, stream_id, posted_at, sign, rail from item_rows where rail > ${POSTS_RAIL}` : undefined;
  return sql`rollup_h as (${rollupUpsert(d, rails && railPostRows(rails))} returning 1), rollup_s as (${sentimentUpsert(d)} returning 1)`;
}

/**
 * bin_hourly_places' upsert as a CTE member (`places`). `source` yields bin_id, stream_id,
 * posted_at, sign (+1 a located clip enters the bin, -1 it leaves) and the clip's country_code,
 * place (null for a country-only location), latitude and longitude (clip_locations' columns).
 * Grouped and in key order, like the other two.
 */
export function placesUpsert(source: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`places as (
    insert into bin_hourly_places as p (bin_id, stream_id, hour, country_code, place, latitude, longitude, clips)
    select bin_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC', country_code, coalesce(place, ''),
           max(latitude), max(longitude), sum(sign)
      from (${source}) d
     group by 1, 2, 3, 4, 5
     order by 1, 2, 3, 4, 5
    on conflict (bin_id, stream_id, hour, country_code, place) do update set clips = p.clips + excluded.clips
    returning 1)`;
}

/** The deep dive's rails as stored in bin_hourly_items; itemRows' row of a rail's posts (a clip with any of its items) is RAIL + POSTS_RAIL. */
export const ITEM_RAILS = { hashtag: 1, url: 2, handle: 3, entity: 4 } as const;
export const POSTS_RAIL = 10;
/** bin_hourly's column counting a rail's posts, the clips carrying any of its items (0026). */
export const RAIL_POSTS = { hashtag: 'hashtag_posts', url: 'url_posts', handle: 'handle_posts', entity: 'entity_posts' } as const;

/**
 * A clip's deep-dive items, as a lateral subquery over `d` (a row with clip_enrichment's arrays
 * hashtags, urls, handles, people, organisations and places): per rail each item once however
 * often the clip names it (the entity rail is people, organisations and places together), and a
 * '' row on rail + POSTS_RAIL for each rail it has any item of. store.ts's itemsOfPost is the
 * same rule in TypeScript.
 */
export const itemsOf = (d: string) =>
  sql.raw(`
    select 1::smallint as rail, v as item from (select distinct unnest(${d}.hashtags)) x(v)
    union all select 2::smallint, v from (select distinct unnest(${d}.urls)) x(v)
    union all select 3::smallint, v from (select distinct unnest(${d}.handles)) x(v)
    union all select 4::smallint, v from (select distinct unnest(${d}.people || ${d}.organisations || ${d}.places)) x(v)
    union all select 11::smallint, '' where cardinality(${d}.hashtags) > 0
    union all select 12::smallint, '' where cardinality(${d}.urls) > 0
    union all select 13::smallint, '' where cardinality(${d}.handles) > 0
    union all select 14::smallint, '' where cardinality(${d}.people || ${d}.organisations || ${d}.places) > 0`);

/**
 * The clips' deep-dive rows as a CTE member (`item_rows`), read by itemRowsUpsert and by
 * rollupUpserts(…, true): `source` yields bin_id, stream_id, posted_at, brand_association_id, sign
 * (+1 the clip enters the bin, -1 it leaves), rail and item; rails 1-4 are items, rails 11-14 the
 * clip's post row of a rail it has any item of (item '').
 */
export const itemRows = (source: RawBuilder<unknown>): RawBuilder<unknown> => sql`item_rows as materialized (${source})`;

/**
 * bin_hourly_items' and bin_daily_items' upserts as CTE members (`items`, `items_day`) over
 * itemRows' items (rails 1-4; the rails' post rows go to bin_hourly). Grouped once by hour; the
 * day rows are those hours summed by UTC day. Each in key order, hours before days, like the
 * others, so concurrent writers lock rollup rows in one order.
 */
export function itemRowsUpsert(): RawBuilder<unknown> {
  return sql`items_hour as materialized (
    select d.bin_id, d.rail, date_trunc('hour', d.posted_at at time zone 'UTC') at time zone 'UTC' as hour, d.stream_id, d.item,
           sum(d.sign * (d.brand_association_id = 1)::int)::int as owned, sum(d.sign * (d.brand_association_id = 2)::int)::int as earned,
           sum(d.sign * (d.brand_association_id not in (1, 2))::int)::int as chatter
      from item_rows d
     where d.rail < ${POSTS_RAIL}
     group by 1, 2, 3, 4, 5
  ), items as (
    insert into bin_hourly_items as t (bin_id, rail, hour, stream_id, item, owned, earned, chatter)
    select bin_id, rail, hour, stream_id, item, owned, earned, chatter from items_hour
     order by 1, 2, 3, 4, 5
    on conflict (bin_id, rail, hour, stream_id, item) do update
      set owned = t.owned + excluded.owned, earned = t.earned + excluded.earned, chatter = t.chatter + excluded.chatter
    returning 1
  ), items_day as (
    insert into bin_daily_items as t (bin_id, rail, day, stream_id, item, owned, earned, chatter)
    select bin_id, rail, date_trunc('day', hour at time zone 'UTC') at time zone 'UTC', stream_id, item, sum(owned), sum(earned), sum(chatter)
      from items_hour
     group by 1, 2, 3, 4, 5
     order by 1, 2, 3, 4, 5
    on conflict (bin_id, rail, day, stream_id, item) do update
      set owned = t.owned + excluded.owned, earned = t.earned + excluded.earned, chatter = t.chatter + excluded.chatter
    returning 1)`;
}

/**
 * itemRows' source from clips' enrichment: `source` yields bin_id, stream_id, posted_at,
 * brand_association_id, sign and the clip's hashtags, urls, handles, people, organisations and
 * places (clip_enrichment's arrays), cut into rows by itemsOf.
 */
export const cutItems = (source: RawBuilder<unknown>): RawBuilder<unknown> =>
  sql`select d.bin_id, d.stream_id, d.posted_at, d.brand_association_id, d.sign, i.rail, i.item
        from (${source}) d cross join lateral (${itemsOf('d')}) i`;

/** The items of stored clips (clip_enrichment `e`) joined to signed rows (`from`, which has clip_id): itemRows' source. */
export const storedItems = (from: RawBuilder<unknown>) =>
  sql`select d.bin_id, d.stream_id, d.posted_at, d.brand_association_id, d.sign, i.rail, i.item
        from (${from}) d join clip_enrichment e on e.clip_id = d.clip_id cross join lateral (${itemsOf('e')}) i`;

/**
 * Rebuilds bin_hourly, bin_hourly_sentiment, bin_hourly_places, bin_hourly_items and bin_daily_items from bin_clips (after a bulk load that wrote
 * bin_clips directly, or to repair), in one transaction (the caller's, if `db` is one): both or
 * none. One scan of bin_clips feeds the first two. Hours before a client's retention cutoff
 * (clients.posts_kept_from) are left as they are: their rows are gone, their rollups kept.
 * `range` (whole UTC days, `to` excluded) rebuilds only the hours and days of posts in it: a large
 * store is rebuilt a range at a time, each with a sort of its own size rather than the whole
 * store's (every rollup row's hour and day lies wholly inside or outside such a range).
 */
export async function rebuildRollups(db: Db, binIds?: number[], range?: { from: Date; to: Date }): Promise<void> {
  if (range && [range.from, range.to].some((d) => d.getTime() % 86_400_000 !== 0)) throw new Error('rebuildRollups: a range starts and ends at a UTC midnight');
  const inRange = (table: string, col: string) =>
    range ? sql`and ${sql.ref(`${table}.${col}`)} >= ${range.from} and ${sql.ref(`${table}.${col}`)} < ${range.to}` : sql``;
  const bins = (table: string) => (binIds ? sql`${sql.ref(`${table}.bin_id`)} = any(${binIds}::int[])` : sql`true`);
  const run = async (t: Db) => {
    // Hours before a client's retention cutoff keep their rollups: their posts are gone (retention.ts).
    const cutoffs = await t
      .selectFrom('clients')
      .innerJoin('bins', 'bins.client_id', 'clients.id')
      .select(['clients.posts_kept_from as from', (eb) => eb.fn.agg<number[]>('array_agg', ['bins.id']).as('bins')])
      .where('clients.posts_kept_from', 'is not', null)
      .groupBy('clients.posts_kept_from')
      .execute();
    const kept = (table: string, col: string) =>
      sql.join(
        cutoffs.map((c) => sql`and not (${sql.ref(`${table}.bin_id`)} = any(${c.bins}::int[]) and ${sql.ref(`${table}.${col}`)} < ${c.from})`),
        sql` `,
      );
    const only = (table: string, col: string) => sql`where ${bins(table)} ${kept(table, col)} ${inRange(table, col)}`;
    await sql`delete from bin_hourly ${only('bin_hourly', 'hour')}`.execute(t);
    await sql`delete from bin_hourly_sentiment ${only('bin_hourly_sentiment', 'hour')}`.execute(t);
    await sql`delete from bin_hourly_places ${only('bin_hourly_places', 'hour')}`.execute(t);
    await sql`delete from bin_hourly_items ${only('bin_hourly_items', 'hour')}`.execute(t);
    await sql`delete from bin_daily_items ${only('bin_daily_items', 'day')}`.execute(t);
    await sql`
      with src as (select bin_id, stream_id, posted_at, ave, favourability_id, brand_association_id, 1 as sign
                   from bin_clips b ${only('b', 'posted_at')} and not rejected),
      ${itemRows(
        cutItems(sql`
        select b.bin_id, b.stream_id, b.posted_at, b.brand_association_id, 1 as sign,
               e.hashtags, e.urls, e.handles, e.people, e.organisations, e.places
          from bin_clips b join clip_enrichment e on e.clip_id = b.clip_id ${only('b', 'posted_at')} and not b.rejected`),
      )}, ${rollupUpserts('src', true)}, ${placesUpsert(sql`
        select b.bin_id, b.stream_id, b.posted_at, 1 as sign, l.country_code, l.place, l.latitude, l.longitude
          from bin_clips b join clip_locations l on l.clip_id = b.clip_id ${only('b', 'posted_at')} and not b.rejected`)}, ${itemRowsUpsert()}
      select 1`.execute(t);
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
