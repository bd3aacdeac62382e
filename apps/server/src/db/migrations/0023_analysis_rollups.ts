// The world map read from a rollup instead of joining every post of the range to
// clip_locations (890 ms at 1,000,000 clips). bin_hourly_places counts, per bin, stream, UTC hour,
// country and place, the bin's non-rejected clips located there; a country-only location has
// place '' and no coordinates. A place's coordinates come from the gazetteer (nlp/places.ts), so
// they are one per (country, place) and travel as plain columns. Kept exactly like bin_hourly by
// the statements that change bin_clips (ingest/rollups.ts: the storage statement, adjustRollups,
// rebuildRollups); filled here from what is stored.
//
// The deep dive read from bin_hourly_items instead of unnesting every post's enrichment (7 s at
// 1,000,000 clips): per bin, rail (1 hashtag, 2 url, 3 handle, 4 entity), UTC hour, stream and
// item, the clips carrying the item by brand association (owned, earned, the rest chatter); rails
// 11-14 hold, under item '', the clips carrying any item of rails 1-4 (the rail's post count).
// Kept by the same statements (ingest/rollups.ts itemsUpsert).
//
// clip_locations loses its row-by-row foreign key to clips (the ingestion statement checked it
// once per located post, as the keys 0005 dropped); clips_deleted (0005) now also removes the
// clips' locations and moves this rollup, and bins_deleted drops its rows.
import { sql, type Kysely } from 'kysely';

/** A clip's items per rail (enrichment `e`), each once, and a '' row per rail it has any item of (ingest/rollups.ts itemsUpsert, written out). */
const ITEMS = `
  select 1::smallint as rail, v as item from (select distinct unnest(e.hashtags)) x(v)
  union all select 2::smallint, v from (select distinct unnest(e.urls)) x(v)
  union all select 3::smallint, v from (select distinct unnest(e.handles)) x(v)
  union all select 4::smallint, v from (select distinct unnest(e.people || e.organisations || e.places)) x(v)
  union all select 11::smallint, '' where cardinality(e.hashtags) > 0
  union all select 12::smallint, '' where cardinality(e.urls) > 0
  union all select 13::smallint, '' where cardinality(e.handles) > 0
  union all select 14::smallint, '' where cardinality(e.people || e.organisations || e.places) > 0`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bin_hourly_places')
    .addColumn('bin_id', 'integer', (c) => c.notNull())
    .addColumn('stream_id', 'smallint', (c) => c.notNull())
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('country_code', sql`char(2)`, (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('latitude', 'float8')
    .addColumn('longitude', 'float8')
    .addColumn('clips', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bin_hourly_places_pkey', ['bin_id', 'stream_id', 'hour', 'country_code', 'place'])
    .execute();
  await sql`
    insert into bin_hourly_places (bin_id, stream_id, hour, country_code, place, latitude, longitude, clips)
    select b.bin_id, b.stream_id, date_trunc('hour', b.posted_at at time zone 'UTC') at time zone 'UTC', l.country_code,
           coalesce(l.place, ''), max(l.latitude), max(l.longitude), count(*)
      from bin_clips b join clip_locations l on l.clip_id = b.clip_id
     where not b.rejected
     group by 1, 2, 3, 4, 5`.execute(db);

  await db.schema
    .createTable('bin_hourly_items')
    .addColumn('bin_id', 'integer', (c) => c.notNull())
    .addColumn('rail', 'smallint', (c) => c.notNull())
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('stream_id', 'smallint', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('owned', 'integer', (c) => c.notNull())
    .addColumn('earned', 'integer', (c) => c.notNull())
    .addColumn('chatter', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bin_hourly_items_pkey', ['bin_id', 'rail', 'hour', 'stream_id', 'item'])
    .execute();
  await sql`
    insert into bin_hourly_items (bin_id, rail, hour, stream_id, item, owned, earned, chatter)
    select b.bin_id, i.rail, date_trunc('hour', b.posted_at at time zone 'UTC') at time zone 'UTC', b.stream_id, i.item,
           count(*) filter (where b.brand_association_id = 1), count(*) filter (where b.brand_association_id = 2),
           count(*) filter (where b.brand_association_id not in (1, 2))
      from bin_clips b join clip_enrichment e on e.clip_id = b.clip_id
      cross join lateral (${sql.raw(ITEMS)}) i
     where not b.rejected
     group by 1, 2, 3, 4, 5`.execute(db);

  await sql`alter table clip_locations drop constraint if exists clip_locations_clip_id_fkey`.execute(db);
  await deleteTriggers(db);
}

/**
 * The delete triggers' functions as this migration leaves them (0026's down() puts them back):
 * 0005's, with the places and items rollups moved by the same rows gone, and the clips'
 * enrichment and locations removed after (the rollups read them).
 */
export async function deleteTriggers(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function bins_deleted() returns trigger language plpgsql as $$
    begin
      delete from bin_clips where bin_id in (select id from gone_bins);
      delete from bin_hourly where bin_id in (select id from gone_bins);
      delete from bin_hourly_sentiment where bin_id in (select id from gone_bins);
      delete from bin_hourly_places where bin_id in (select id from gone_bins);
      delete from bin_hourly_items where bin_id in (select id from gone_bins);
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function clips_deleted() returns trigger language plpgsql as $$
    begin
      with gone as (
        delete from bin_clips where clip_id in (select id from gone_clips)
        returning bin_id, clip_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC' as hour,
                  ave, favourability_id as fav, brand_association_id as ba, rejected
      ), it as (
        insert into bin_hourly_items as t (bin_id, rail, hour, stream_id, item, owned, earned, chatter)
        select g.bin_id, i.rail, g.hour, g.stream_id, i.item, -count(*) filter (where g.ba = 1), -count(*) filter (where g.ba = 2),
               -count(*) filter (where g.ba not in (1, 2))
          from gone g join clip_enrichment e on e.clip_id = g.clip_id
          cross join lateral (${sql.raw(ITEMS)}) i
         where not g.rejected group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
        on conflict (bin_id, rail, hour, stream_id, item) do update
          set owned = t.owned + excluded.owned, earned = t.earned + excluded.earned, chatter = t.chatter + excluded.chatter
        returning 1
      ), h as (
        insert into bin_hourly as h (bin_id, stream_id, hour, clips, ave, positive, negative, neutral, owned, earned, chatter)
        select bin_id, stream_id, hour, -count(*), -sum(ave), -count(*) filter (where fav = 1), -count(*) filter (where fav = 3),
               -count(*) filter (where fav = 2), -count(*) filter (where ba = 1), -count(*) filter (where ba = 2),
               -count(*) filter (where ba not in (1, 2))
          from gone where not rejected group by 1, 2, 3 order by 1, 2, 3
        on conflict (bin_id, stream_id, hour) do update
          set clips = h.clips + excluded.clips, ave = h.ave + excluded.ave, positive = h.positive + excluded.positive,
              negative = h.negative + excluded.negative, neutral = h.neutral + excluded.neutral, owned = h.owned + excluded.owned,
              earned = h.earned + excluded.earned, chatter = h.chatter + excluded.chatter
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
  // 0005's functions as they were; the key comes back once rows it would refuse are gone.
  await sql`
    create or replace function bins_deleted() returns trigger language plpgsql as $$
    begin
      delete from bin_clips where bin_id in (select id from gone_bins);
      delete from bin_hourly where bin_id in (select id from gone_bins);
      delete from bin_hourly_sentiment where bin_id in (select id from gone_bins);
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function clips_deleted() returns trigger language plpgsql as $$
    begin
      delete from clip_enrichment where clip_id in (select id from gone_clips);
      with gone as (
        delete from bin_clips where clip_id in (select id from gone_clips)
        returning bin_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC' as hour,
                  ave, favourability_id as fav, brand_association_id as ba, rejected
      ), h as (
        insert into bin_hourly as h (bin_id, stream_id, hour, clips, ave, positive, negative, neutral, owned, earned, chatter)
        select bin_id, stream_id, hour, -count(*), -sum(ave), -count(*) filter (where fav = 1), -count(*) filter (where fav = 3),
               -count(*) filter (where fav = 2), -count(*) filter (where ba = 1), -count(*) filter (where ba = 2),
               -count(*) filter (where ba not in (1, 2))
          from gone where not rejected group by 1, 2, 3 order by 1, 2, 3
        on conflict (bin_id, stream_id, hour) do update
          set clips = h.clips + excluded.clips, ave = h.ave + excluded.ave, positive = h.positive + excluded.positive,
              negative = h.negative + excluded.negative, neutral = h.neutral + excluded.neutral, owned = h.owned + excluded.owned,
              earned = h.earned + excluded.earned, chatter = h.chatter + excluded.chatter
        returning 1
      )
      insert into bin_hourly_sentiment as s (bin_id, stream_id, hour, brand_association_id, positive, neutral, negative, ave)
      select bin_id, stream_id, hour, case when ba in (1, 2) then ba else 3 end,
             -count(*) filter (where fav = 1), -count(*) filter (where fav = 2), -count(*) filter (where fav = 3), -sum(ave)
        from gone where not rejected group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (bin_id, stream_id, hour, brand_association_id) do update
        set positive = s.positive + excluded.positive, neutral = s.neutral + excluded.neutral,
            negative = s.negative + excluded.negative, ave = s.ave + excluded.ave;
      return null;
    end $$`.execute(db);
  await sql`delete from clip_locations l where not exists (select 1 from clips where id = l.clip_id)`.execute(db);
  await sql`alter table clip_locations add constraint clip_locations_clip_id_fkey foreign key (clip_id) references clips(id) on delete cascade`.execute(db);
  await db.schema.dropTable('bin_hourly_items').execute();
  await db.schema.dropTable('bin_hourly_places').execute();
}
