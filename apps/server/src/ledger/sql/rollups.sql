-- rollups.ts's builders that the ledger's statements share, each written once (ledger/sql.test.ts).
-- ⟪name⟫ is the builder's argument; $1… its parameters, numbered on in the statement that has it.

-- rollupUpsert(`source`, `railRows`)
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
          from (⟪source⟫) d
        ⟪railRows⟫) x
     group by 1, 2, 3
     order by 1, 2, 3
    on conflict (bin_id, stream_id, hour) do update
      set clips = h.clips + excluded.clips, ave = h.ave + excluded.ave,
          positive = h.positive + excluded.positive, negative = h.negative + excluded.negative,
          neutral = h.neutral + excluded.neutral, owned = h.owned + excluded.owned,
          earned = h.earned + excluded.earned, chatter = h.chatter + excluded.chatter,
          hashtag_posts = h.hashtag_posts + excluded.hashtag_posts, url_posts = h.url_posts + excluded.url_posts,
          handle_posts = h.handle_posts + excluded.handle_posts, entity_posts = h.entity_posts + excluded.entity_posts

-- sentimentUpsert(`source`)
insert into bin_hourly_sentiment as s (bin_id, stream_id, hour, brand_association_id, positive, neutral, negative, ave)
    select bin_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC',
           case when brand_association_id in (1, 2) then brand_association_id else 3 end,
           sum(sign * (favourability_id = 1)::int), sum(sign * (favourability_id = 2)::int),
           sum(sign * (favourability_id = 3)::int), sum(ave)
      from (⟪source⟫) d
     group by 1, 2, 3, 4
     order by 1, 2, 3, 4
    on conflict (bin_id, stream_id, hour, brand_association_id) do update
      set positive = s.positive + excluded.positive, neutral = s.neutral + excluded.neutral,
          negative = s.negative + excluded.negative, ave = s.ave + excluded.ave

-- itemRowsUpsert()
items_hour as materialized (
    select d.bin_id, d.rail, date_trunc('hour', d.posted_at at time zone 'UTC') at time zone 'UTC' as hour, d.stream_id, d.item,
           sum(d.sign * (d.brand_association_id = 1)::int)::int as owned, sum(d.sign * (d.brand_association_id = 2)::int)::int as earned,
           sum(d.sign * (d.brand_association_id not in (1, 2))::int)::int as chatter
      from item_rows d
     where d.rail < $1
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
    returning 1)

-- placesUpsert(`source`)
places as (
    insert into bin_hourly_places as p (bin_id, stream_id, hour, country_code, place, latitude, longitude, clips)
    select bin_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC', country_code, coalesce(place, ''),
           max(latitude), max(longitude), sum(sign)
      from (⟪source⟫) d
     group by 1, 2, 3, 4, 5
     order by 1, 2, 3, 4, 5
    on conflict (bin_id, stream_id, hour, country_code, place) do update set clips = p.clips + excluded.clips
    returning 1)

-- cutItems(`source`)
select d.bin_id, d.stream_id, d.posted_at, d.brand_association_id, d.sign, i.rail, i.item
        from (⟪source⟫) d cross join lateral (
    ${itemsOf('d')}) i

-- storedItems(`from`)
select d.bin_id, d.stream_id, d.posted_at, d.brand_association_id, d.sign, i.rail, i.item
        from (⟪from⟫) d join clip_enrichment e on e.clip_id = d.clip_id cross join lateral (
    ${itemsOf('e')}) i

-- railPostRows(`rails`)
union all
      select bin_id, stream_id, posted_at, 0, 0, 0, 0, 0, 0, 0, 0, sign * (rail = $1)::int, sign * (rail = $2)::int, sign * (rail = $3)::int, sign * (rail = $4)::int
        from (⟪rails⟫) r

-- itemsOf('d')
select 1::smallint as rail, v as item from (select distinct unnest(⟪d⟫.hashtags)) x(v)
    union all select 2::smallint, v from (select distinct unnest(⟪d⟫.urls)) x(v)
    union all select 3::smallint, v from (select distinct unnest(⟪d⟫.handles)) x(v)
    union all select 4::smallint, v from (select distinct unnest(⟪d⟫.people || ⟪d⟫.organisations || ⟪d⟫.places)) x(v)
    union all select 11::smallint, '' where cardinality(⟪d⟫.hashtags) > 0
    union all select 12::smallint, '' where cardinality(⟪d⟫.urls) > 0
    union all select 13::smallint, '' where cardinality(⟪d⟫.handles) > 0
    union all select 14::smallint, '' where cardinality(⟪d⟫.people || ⟪d⟫.organisations || ⟪d⟫.places) > 0
