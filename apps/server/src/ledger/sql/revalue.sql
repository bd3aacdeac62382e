-- revalueClientPosts
with rate as (
      select * from unnest($1::smallint[], $2::float8[]) as r(stream_id, cpm)
    ), old as (
      select bc.id, bc.ave as old_ave, v.ave
        from bin_clips bc
        join rate on rate.stream_id = bc.stream_id
        join clips c on c.id = bc.clip_id
        cross join lateral (select floor(c.impressions::float8 / 1000 * rate.cpm * 100 + 0.5) / 100 as ave) v
       where bc.project_id in (select id from projects where client_id = $3)
         and bc.ave <> v.ave
       order by bc.id
         for update of bc
    ), upd as (
      update bin_clips bc set ave = old.ave from old where bc.id = old.id
      returning bc.bin_id, bc.stream_id, bc.posted_at, bc.ave - old.old_ave as ave, bc.favourability_id, bc.brand_association_id, bc.rejected
    ), moved as (
      select bin_id, stream_id, posted_at, ave, favourability_id, brand_association_id, 0 as sign from upd where not rejected
    ), rollup_h as (
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
          from (select * from moved) d
        ) x
     group by 1, 2, 3
     order by 1, 2, 3
    on conflict (bin_id, stream_id, hour) do update
      set clips = h.clips + excluded.clips, ave = h.ave + excluded.ave,
          positive = h.positive + excluded.positive, negative = h.negative + excluded.negative,
          neutral = h.neutral + excluded.neutral, owned = h.owned + excluded.owned,
          earned = h.earned + excluded.earned, chatter = h.chatter + excluded.chatter,
          hashtag_posts = h.hashtag_posts + excluded.hashtag_posts, url_posts = h.url_posts + excluded.url_posts,
          handle_posts = h.handle_posts + excluded.handle_posts, entity_posts = h.entity_posts + excluded.entity_posts returning 1), rollup_s as (
    insert into bin_hourly_sentiment as s (bin_id, stream_id, hour, brand_association_id, positive, neutral, negative, ave)
    select bin_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC',
           case when brand_association_id in (1, 2) then brand_association_id else 3 end,
           sum(sign * (favourability_id = 1)::int), sum(sign * (favourability_id = 2)::int),
           sum(sign * (favourability_id = 3)::int), sum(ave)
      from (select * from moved) d
     group by 1, 2, 3, 4
     order by 1, 2, 3, 4
    on conflict (bin_id, stream_id, hour, brand_association_id) do update
      set positive = s.positive + excluded.positive, neutral = s.neutral + excluded.neutral,
          negative = s.negative + excluded.negative, ave = s.ave + excluded.ave returning 1)
    select count(*)::int as n from upd;
