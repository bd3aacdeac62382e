-- changeBinClips (rate)
with old as (
      select id, bin_id, clip_id, stream_id, posted_at, ave, favourability_id, brand_association_id, rejected
        from bin_clips
       where id = any($1::bigint[])
         and (favourability_id is distinct from coalesce($2::smallint, favourability_id)
              or rejected is distinct from coalesce($3::boolean, rejected))
       order by id
         for update
    ), upd as (
      update bin_clips b
         set favourability_id = coalesce($4::smallint, b.favourability_id), rejected = coalesce($5::boolean, b.rejected)
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
    ), item_rows as materialized (${cutItems(`
      select n.*, e.hashtags, e.urls, e.handles, e.people, e.organisations, e.places
        from net n join clip_enrichment e on e.clip_id = n.clip_id`)}), rollup_h as (
    ${rollupUpsert(`select * from signed`, `${railPostRows(`select bin_id, stream_id, posted_at, sign, rail from item_rows where rail > $10`)}`)} returning 1), rollup_s as (
    ${sentimentUpsert(`select * from signed`)} returning 1), ${itemRowsUpsert()}, ${placesUpsert(`
      select n.bin_id, n.stream_id, n.posted_at, n.sign, l.country_code, l.place, l.latitude, l.longitude
        from net n join clip_locations l on l.clip_id = n.clip_id`)}
    select count(*)::int as n from upd;

-- changeBinClips (reject)
-- (the same statements as changeBinClips (rate))

-- recordRejectedBy
update "bin_clips" set "rejected_by" = $1, "rejected_at" = $2 where "id" in ($3, $4);

-- recordRejectedBy (restore)
-- (the same statements as recordRejectedBy)

-- reclassify
update bin_clips b set classification_id = v.classification_id
      from unnest($1::bigint[], $2::smallint[]) as v(id, classification_id)
     where b.id = v.id;
