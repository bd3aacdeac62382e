// The deep dive read ~172,000 hourly rows of bin_hourly_items for a 90-day range and its
// previous period (20 hashtags, 4 streams, 2,160 hours each): over 50 ms however they are grouped.
// bin_daily_items holds the same counts per UTC day (bin, rail, day, stream, item); the deep dive
// reads a day's row wherever the whole day falls in one chart bucket, and hourly rows only for the
// days a bucket boundary or the range's edge cuts (modules/deep-dive/queries.ts). Kept by the
// statements that keep bin_hourly_items, from the same grouped rows (ingest/rollups.ts
// itemRowsUpsert; here the clips_deleted trigger), and filled from bin_hourly_items.
//
// To pay for the day rows at ingestion, the rails' post counts (rails 11-14 of bin_hourly_items,
// item '': the clips carrying any item of the rail, ~40% of its rows) become four columns of
// bin_hourly, moved by the upsert that already moves that row (ingest/rollups.ts rollupUpsert).
import { sql, type Kysely } from 'kysely';
import { deleteTriggers } from './0023_analysis_rollups.ts';

/** A clip's items per rail (enrichment `e`): 0023's, written out as it was. */
const ITEMS = `
  select 1::smallint as rail, v as item from (select distinct unnest(e.hashtags)) x(v)
  union all select 2::smallint, v from (select distinct unnest(e.urls)) x(v)
  union all select 3::smallint, v from (select distinct unnest(e.handles)) x(v)
  union all select 4::smallint, v from (select distinct unnest(e.people || e.organisations || e.places)) x(v)
  union all select 11::smallint, '' where cardinality(e.hashtags) > 0
  union all select 12::smallint, '' where cardinality(e.urls) > 0
  union all select 13::smallint, '' where cardinality(e.handles) > 0
  union all select 14::smallint, '' where cardinality(e.people || e.organisations || e.places) > 0`;

/** bin_hourly's post counts per rail (the clips carrying any hashtag, link, handle, entity): rails 11-14 of 0023. */
const RAIL_COLUMNS = ['hashtag_posts', 'url_posts', 'handle_posts', 'entity_posts'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bin_daily_items')
    .addColumn('bin_id', 'integer', (c) => c.notNull())
    .addColumn('rail', 'smallint', (c) => c.notNull())
    .addColumn('day', 'timestamptz', (c) => c.notNull())
    .addColumn('stream_id', 'smallint', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('owned', 'integer', (c) => c.notNull())
    .addColumn('earned', 'integer', (c) => c.notNull())
    .addColumn('chatter', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bin_daily_items_pkey', ['bin_id', 'rail', 'day', 'stream_id', 'item'])
    .execute();
  for (const c of RAIL_COLUMNS) await sql`alter table bin_hourly add column ${sql.id(c)} integer not null default 0`.execute(db);
  await sql`
    update bin_hourly h
       set hashtag_posts = r.hashtag_posts, url_posts = r.url_posts, handle_posts = r.handle_posts, entity_posts = r.entity_posts
      from (select bin_id, stream_id, hour,
                   coalesce(sum(owned + earned + chatter) filter (where rail = 11), 0) as hashtag_posts,
                   coalesce(sum(owned + earned + chatter) filter (where rail = 12), 0) as url_posts,
                   coalesce(sum(owned + earned + chatter) filter (where rail = 13), 0) as handle_posts,
                   coalesce(sum(owned + earned + chatter) filter (where rail = 14), 0) as entity_posts
              from bin_hourly_items where rail > 10 group by 1, 2, 3) r
     where h.bin_id = r.bin_id and h.stream_id = r.stream_id and h.hour = r.hour`.execute(db);
  await sql`delete from bin_hourly_items where rail > 10`.execute(db);
  await sql`
    insert into bin_daily_items (bin_id, rail, day, stream_id, item, owned, earned, chatter)
    select bin_id, rail, date_trunc('day', hour at time zone 'UTC') at time zone 'UTC', stream_id, item, sum(owned), sum(earned), sum(chatter)
      from bin_hourly_items
     group by 1, 2, 3, 4, 5`.execute(db);
  await sql`
    create or replace function bins_deleted() returns trigger language plpgsql as $$
    begin
      delete from bin_clips where bin_id in (select id from gone_bins);
      delete from bin_hourly where bin_id in (select id from gone_bins);
      delete from bin_hourly_sentiment where bin_id in (select id from gone_bins);
      delete from bin_hourly_places where bin_id in (select id from gone_bins);
      delete from bin_hourly_items where bin_id in (select id from gone_bins);
      delete from bin_daily_items where bin_id in (select id from gone_bins);
      return null;
    end $$`.execute(db);
  // 0023's function with the day rows moved by the hours' rows.
  await sql`
    create or replace function clips_deleted() returns trigger language plpgsql as $$
    begin
      with gone as (
        delete from bin_clips where clip_id in (select id from gone_clips)
        returning bin_id, clip_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC' as hour,
                  ave, favourability_id as fav, brand_association_id as ba, rejected
      ), ih as materialized (
        select g.bin_id, i.rail, g.hour, g.stream_id, i.item, -count(*) filter (where g.ba = 1) as owned,
               -count(*) filter (where g.ba = 2) as earned, -count(*) filter (where g.ba not in (1, 2)) as chatter
          from gone g join clip_enrichment e on e.clip_id = g.clip_id
          cross join lateral (${sql.raw(ITEMS)}) i
         where not g.rejected group by 1, 2, 3, 4, 5
      ), it as (
        insert into bin_hourly_items as t (bin_id, rail, hour, stream_id, item, owned, earned, chatter)
        select * from ih where rail < 10 order by 1, 2, 3, 4, 5
        on conflict (bin_id, rail, hour, stream_id, item) do update
          set owned = t.owned + excluded.owned, earned = t.earned + excluded.earned, chatter = t.chatter + excluded.chatter
        returning 1
      ), itd as (
        insert into bin_daily_items as t (bin_id, rail, day, stream_id, item, owned, earned, chatter)
        select bin_id, rail, date_trunc('day', hour at time zone 'UTC') at time zone 'UTC', stream_id, item, sum(owned), sum(earned), sum(chatter)
          from ih where rail < 10 group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
        on conflict (bin_id, rail, day, stream_id, item) do update
          set owned = t.owned + excluded.owned, earned = t.earned + excluded.earned, chatter = t.chatter + excluded.chatter
        returning 1
      ), h as (
        insert into bin_hourly as h (bin_id, stream_id, hour, clips, ave, positive, negative, neutral, owned, earned, chatter,
                                     hashtag_posts, url_posts, handle_posts, entity_posts)
        select bin_id, stream_id, hour, sum(clips), sum(ave), sum(positive), sum(negative), sum(neutral), sum(owned), sum(earned),
               sum(chatter), sum(hashtag_posts), sum(url_posts), sum(handle_posts), sum(entity_posts)
          from (
            select bin_id, stream_id, hour, -count(*) as clips, -sum(ave) as ave, -count(*) filter (where fav = 1) as positive,
                   -count(*) filter (where fav = 3) as negative, -count(*) filter (where fav = 2) as neutral,
                   -count(*) filter (where ba = 1) as owned, -count(*) filter (where ba = 2) as earned,
                   -count(*) filter (where ba not in (1, 2)) as chatter,
                   0 as hashtag_posts, 0 as url_posts, 0 as handle_posts, 0 as entity_posts
              from gone where not rejected group by 1, 2, 3
            union all
            select bin_id, stream_id, hour, 0, 0, 0, 0, 0, 0, 0, 0,
                   coalesce(sum(owned + earned + chatter) filter (where rail = 11), 0), coalesce(sum(owned + earned + chatter) filter (where rail = 12), 0),
                   coalesce(sum(owned + earned + chatter) filter (where rail = 13), 0), coalesce(sum(owned + earned + chatter) filter (where rail = 14), 0)
              from ih where rail > 10 group by 1, 2, 3) x
         group by 1, 2, 3 order by 1, 2, 3
        on conflict (bin_id, stream_id, hour) do update
          set clips = h.clips + excluded.clips, ave = h.ave + excluded.ave, positive = h.positive + excluded.positive,
              negative = h.negative + excluded.negative, neutral = h.neutral + excluded.neutral, owned = h.owned + excluded.owned,
              earned = h.earned + excluded.earned, chatter = h.chatter + excluded.chatter,
              hashtag_posts = h.hashtag_posts + excluded.hashtag_posts, url_posts = h.url_posts + excluded.url_posts,
              handle_posts = h.handle_posts + excluded.handle_posts, entity_posts = h.entity_posts + excluded.entity_posts
        returning 1
      ), pl as (
        insert into bin_hourly_places as p (bin_id, stream_id, hour, country_code, place, latitude, longitude, clips)
        select g.bin_id, g.stream_id, g.hour, l.country_code, coalesce(l.place, ''), max(l.latitude), max(l.longitude), -count(*)
          from gone g join clip_locations l on l.clip_id = g.clip_id
         where not g.rejected group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
        on conflict (bin_id, stream_id, hour, country_code, place) do update set clips = p.clips + excluded.clips
        returning 1
      )
      insert into bin_hourly_sentiment as s (bin_id, stream_id, hour, brand_association_id, positive, neutral, negative, ave)
      select bin_id, stream_id, hour, case when ba in (1, 2) then ba else 3 end,
             -count(*) filter (where fav = 1), -count(*) filter (where fav = 2), -count(*) filter (where fav = 3), -sum(ave)
        from gone where not rejected group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (bin_id, stream_id, hour, brand_association_id) do update
        set positive = s.positive + excluded.positive, neutral = s.neutral + excluded.neutral,
            negative = s.negative + excluded.negative, ave = s.ave + excluded.ave;
      delete from clip_enrichment where clip_id in (select id from gone_clips);
      delete from clip_locations where clip_id in (select id from gone_clips);
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await deleteTriggers(db);
  // The rails' post rows again, all counted as chatter: the deep dive read only their sum.
  await sql`
    insert into bin_hourly_items (bin_id, rail, hour, stream_id, item, owned, earned, chatter)
    select bin_id, r.rail, hour, stream_id, '', 0, 0, r.posts
      from bin_hourly cross join lateral (values (11, hashtag_posts), (12, url_posts), (13, handle_posts), (14, entity_posts)) r(rail, posts)
     where r.posts <> 0`.execute(db);
  for (const c of RAIL_COLUMNS) await sql`alter table bin_hourly drop column ${sql.id(c)}`.execute(db);
  await db.schema.dropTable('bin_daily_items').execute();
}
