-- revalueClientPosts
with rate as (
      select * from unnest($1::smallint[], $2::float8[]) as r(stream_id, cpm)
    ), old as (
      select bc.id, bc.posted_at, bc.ave as old_ave, v.ave
        from bin_clips bc
        join rate on rate.stream_id = bc.stream_id
        join clips c on c.id = bc.clip_id
        cross join lateral (select floor(c.impressions::float8 / 1000 * rate.cpm * 100 + 0.5) / 100 as ave) v
       where bc.project_id in (select id from projects where client_id = $3)
         and bc.ave <> v.ave
       order by bc.id
         for update of bc
    ), upd as (
      update bin_clips bc set ave = old.ave from old where bc.id = old.id and bc.posted_at = old.posted_at
      returning bc.bin_id, bc.stream_id, bc.posted_at, bc.ave - old.old_ave as ave, bc.favourability_id, bc.brand_association_id, bc.rejected
    ), moved as (
      select bin_id, stream_id, posted_at, ave, favourability_id, brand_association_id, 0 as sign from upd where not rejected
    ), rollup_h as (
    ${rollupUpsert(`select * from moved`, ``)} returning 1), rollup_s as (
    ${sentimentUpsert(`select * from moved`)} returning 1)
    select count(*)::int as n from upd;
