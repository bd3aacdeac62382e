-- rebuildRollups (all bins)
select "clients"."posts_kept_from" as "from", array_agg("bins"."id") as "bins" from "clients" inner join "bins" on "bins"."client_id" = "clients"."id" where "clients"."posts_kept_from" is not null group by "clients"."posts_kept_from";
delete from bin_hourly where true;
delete from bin_hourly_sentiment where true;
delete from bin_hourly_places where true;
delete from bin_hourly_items where true;
delete from bin_daily_items where true;
with src as (select bin_id, stream_id, posted_at, ave, favourability_id, brand_association_id, 1 as sign
                   from bin_clips b where true   and not rejected),
      item_rows as materialized (${cutItems(`
        select b.bin_id, b.stream_id, b.posted_at, b.brand_association_id, 1 as sign,
               e.hashtags, e.urls, e.handles, e.people, e.organisations, e.places
          from bin_clips b join clip_enrichment e on e.clip_id = b.clip_id where true   and not b.rejected`)}), rollup_h as (
    ${rollupUpsert(`select * from src`, `${railPostRows(`select bin_id, stream_id, posted_at, sign, rail from item_rows where rail > $5`)}`)} returning 1), rollup_s as (
    ${sentimentUpsert(`select * from src`)} returning 1), ${placesUpsert(`
        select b.bin_id, b.stream_id, b.posted_at, 1 as sign, l.country_code, l.place, l.latitude, l.longitude
          from bin_clips b join clip_locations l on l.clip_id = b.clip_id where true   and not b.rejected`)}, ${itemRowsUpsert()}
      select 1;

-- rebuildRollups (some bins)
select "clients"."posts_kept_from" as "from", array_agg("bins"."id") as "bins" from "clients" inner join "bins" on "bins"."client_id" = "clients"."id" where "clients"."posts_kept_from" is not null group by "clients"."posts_kept_from";
delete from bin_hourly where "bin_hourly"."bin_id" = any($1::int[]);
delete from bin_hourly_sentiment where "bin_hourly_sentiment"."bin_id" = any($1::int[]);
delete from bin_hourly_places where "bin_hourly_places"."bin_id" = any($1::int[]);
delete from bin_hourly_items where "bin_hourly_items"."bin_id" = any($1::int[]);
delete from bin_daily_items where "bin_daily_items"."bin_id" = any($1::int[]);
with src as (select bin_id, stream_id, posted_at, ave, favourability_id, brand_association_id, 1 as sign
                   from bin_clips b where "b"."bin_id" = any($1::int[])   and not rejected),
      item_rows as materialized (${cutItems(`
        select b.bin_id, b.stream_id, b.posted_at, b.brand_association_id, 1 as sign,
               e.hashtags, e.urls, e.handles, e.people, e.organisations, e.places
          from bin_clips b join clip_enrichment e on e.clip_id = b.clip_id where "b"."bin_id" = any($2::int[])   and not b.rejected`)}), rollup_h as (
    ${rollupUpsert(`select * from src`, `${railPostRows(`select bin_id, stream_id, posted_at, sign, rail from item_rows where rail > $7`)}`)} returning 1), rollup_s as (
    ${sentimentUpsert(`select * from src`)} returning 1), ${placesUpsert(`
        select b.bin_id, b.stream_id, b.posted_at, 1 as sign, l.country_code, l.place, l.latitude, l.longitude
          from bin_clips b join clip_locations l on l.clip_id = b.clip_id where "b"."bin_id" = any($8::int[])   and not b.rejected`)}, ${itemRowsUpsert()}
      select 1;
