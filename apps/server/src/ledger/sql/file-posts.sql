-- withStoredCounts
select k.stream_id, k.external_id, k.likes, k.comments, k.shares, k.views
      from unnest($1::smallint[], $2::text[]) as v(stream_id, external_id)
      join clips k on k.stream_id = v.stream_id and k.external_id = v.external_id;

-- filePosts
insert into authors as t (stream_id, external_id, name, handle, followers)
      select v.stream_id, v.external_id, coalesce(v.name, k.name, v.handle, v.external_id), coalesce(v.handle, k.handle),
             coalesce(v.followers, k.followers, 0)
        from unnest($1::smallint[], $2::text[],
                    $3::text[], $4::text[],
                    $5::int[]) with ordinality as v(stream_id, external_id, name, handle, followers, ord)
        left join authors k on k.stream_id = v.stream_id and k.external_id = v.external_id
       order by v.ord
      on conflict (stream_id, external_id) do update
        set name = excluded.name, handle = excluded.handle, followers = excluded.followers, updated_at = now()
        where (t.name, t.handle, t.followers) is distinct from (excluded.name, excluded.handle, excluded.followers);
with p as (
      select * from unnest(
        $1::smallint[], $2::text[],
        $3::text[], $4::text[],
        $5::timestamptz[], $6::text[],
        $7::text[], $8::text[],
        $9::text[], $10::int[],
        $11::int[], $12::int[],
        $13::bigint[], $14::text[],
        $15::bigint[], $16::bigint[],
        $17::text[], $18::smallint[],
        $19::real[], $20::text[], $21::text[],
        $22::text[], $23::text[], $24::text[],
        $25::text[], $26::text[]
      ) with ordinality as p(stream_id, external_id, author_external_id, body, posted_at, link, media_url, parent_external_id,
                             in_reply_to_handle, likes, comments, shares, views, language, reach, impressions, country,
                             classification_id, sentiment_score, people, organisations, places, hashtags, handles, urls, terms, ord)
    ), it as (
      select * from unnest($27::int[], $28::smallint[], $29::text[]) as it(ord, rail, item)
    ), pa as (
      -- A count the connector does not know (null) is the clip's stored one, or 0 for a new clip:
      -- a network that does not give it never writes 0 over a count another read gave.
      select p.stream_id, p.external_id, p.author_external_id, p.body, p.posted_at, p.link, p.media_url, p.parent_external_id,
             p.in_reply_to_handle, coalesce(p.likes, k.likes, 0) as likes, coalesce(p.comments, k.comments, 0) as comments,
             coalesce(p.shares, k.shares, 0) as shares, coalesce(p.views, k.views, 0) as views, p.language, p.reach,
             p.impressions, p.country, p.classification_id, p.sentiment_score, p.people, p.organisations, p.places, p.hashtags,
             p.handles, p.urls, p.terms, p.ord, a.id as author_id
        from p left join authors a on a.stream_id = p.stream_id and a.external_id = p.author_external_id
        left join clips k on k.stream_id = p.stream_id and k.external_id = p.external_id
    ), c as (
      insert into clips (stream_id, external_id, author_id, body, posted_at, link, media_url, parent_external_id,
                         in_reply_to_handle, likes, comments, shares, views, language, reach, impressions, country)
      select stream_id, external_id, author_id, body, posted_at, link, media_url, parent_external_id,
             in_reply_to_handle, likes, comments, shares, views, language, reach, impressions, country
        from pa order by ord
      on conflict (stream_id, external_id) do update
        set likes = excluded.likes, comments = excluded.comments, shares = excluded.shares, views = excluded.views,
            reach = excluded.reach, impressions = excluded.impressions,
            -- A link once known is kept; one missing is filled by a later read that has it.
            link = coalesce(clips.link, excluded.link), updated_at = now()
      returning id, stream_id, external_id, (xmax = 0) as inserted
    ), pc as (
      select pa.ord, pa.stream_id, pa.posted_at, pa.author_id, pa.classification_id, pa.sentiment_score, pa.people, pa.organisations,
             pa.places, pa.hashtags, pa.handles, pa.urls, pa.terms, c.id as clip_id, c.inserted
        from pa join c on c.stream_id = pa.stream_id and c.external_id = pa.external_id
    ), e as (
      insert into clip_enrichment (clip_id, classification_id, sentiment_score, people, organisations, places, hashtags, handles, urls, terms)
      select clip_id, classification_id, sentiment_score, string_to_array("people", $30), string_to_array("organisations", $31), string_to_array("places", $32), string_to_array("hashtags", $33),
             string_to_array("handles", $34), string_to_array("urls", $35), string_to_array("terms", $36)
        from pc where inserted
      on conflict (clip_id) do nothing
    ), nl as (
      select pc.clip_id, l.cc as country_code, l.place, l.lat as latitude, l.lng as longitude
        from unnest($37::int[], $38::text[], $39::text[],
                    $40::float8[], $41::float8[]) as l(ord, cc, place, lat, lng)
        join pc on pc.ord = l.ord
       where pc.inserted
    ), loc as (
      insert into clip_locations (clip_id, country_code, place, latitude, longitude)
      select clip_id, country_code, place, latitude, longitude from nl
      on conflict (clip_id) do nothing
    ), wb as (
      -- Word-bin matches of new clips only: a post seen again is not news to a reaction list.
      insert into word_bin_clips (word_bin_id, clip_id)
      select w.word_bin_id, pc.clip_id
        from unnest($42::int[], $43::int[]) as w(ord, word_bin_id)
        join pc on pc.ord = w.ord
       where pc.inserted
      on conflict (word_bin_id, clip_id) do nothing
    ), b as (
      select b.*, pc.clip_id, pc.inserted, pc.stream_id, pc.posted_at, pc.author_id, pc.classification_id
        from unnest($44::int[], $45::int[], $46::int[],
                    $47::smallint[], $48::smallint[],
                    $49::float8[], $50::float8[])
             as b(ord, bin_id, project_id, favourability_id, brand_association_id, ave, impact_score)
        join pc on pc.ord = b.ord
    ), ins as (
      insert into bin_clips (bin_id, project_id, clip_id, stream_id, posted_at, author_id, classification_id,
                             favourability_id, brand_association_id, ave, impact_score)
      select bin_id, project_id, clip_id, stream_id, posted_at, author_id, classification_id, favourability_id, brand_association_id,
             ave, impact_score
        from b
      on conflict (bin_id, clip_id) do nothing
      returning bin_id, clip_id, stream_id, posted_at, ave, favourability_id, brand_association_id
    ), old as (
      -- A clip seen again: its rows' AVE and impact follow the new engagement. Rows inserted by
      -- this statement are not visible here, so only rows stored before move.
      select bc.id, bc.ave as old_ave, v.ave, v.impact_score
        from (select distinct clip_id, project_id, ave, impact_score from b where not inserted) v
        join bin_clips bc on bc.clip_id = v.clip_id and bc.project_id = v.project_id
       where bc.ave <> v.ave or bc.impact_score <> v.impact_score
       order by bc.id
         for update of bc
    ), upd as (
      update bin_clips bc set ave = old.ave, impact_score = old.impact_score from old where bc.id = old.id
      returning bc.bin_id, bc.stream_id, bc.posted_at, bc.ave - old.old_ave as ave, bc.favourability_id, bc.brand_association_id, bc.rejected
    ), moved as (
      -- The signed rows both rollups move by: +1 per row inserted; sign 0 and the AVE difference
      -- per row refreshed (with its real favourability and brand association: the sentiment
      -- rollup files AVE by brand association).
      select bin_id, stream_id, posted_at, ave, favourability_id, brand_association_id, 1 as sign from ins
      union all
      select bin_id, stream_id, posted_at, ave, favourability_id, brand_association_id, 0 from upd where not rejected
    ), item_rows as materialized (
      -- The deep dive's rows: rows inserted, with their clip's items and rails (a new clip's cut
      -- here from the batch, see itemsOfPost; a clip seen again, its stored enrichment's).
      select ins.bin_id, ins.stream_id, ins.posted_at, ins.brand_association_id, 1 as sign, it.rail, it.item
        from ins join pc on pc.clip_id = ins.clip_id and pc.inserted join it on it.ord = pc.ord
      union all
      select d.bin_id, d.stream_id, d.posted_at, d.brand_association_id, d.sign, i.rail, i.item
        from (select ins.bin_id, ins.clip_id, ins.stream_id, ins.posted_at, ins.brand_association_id, 1 as sign
                           from ins join pc on pc.clip_id = ins.clip_id and not pc.inserted) d join clip_enrichment e on e.clip_id = d.clip_id cross join lateral (
    select 1::smallint as rail, v as item from (select distinct unnest(e.hashtags)) x(v)
    union all select 2::smallint, v from (select distinct unnest(e.urls)) x(v)
    union all select 3::smallint, v from (select distinct unnest(e.handles)) x(v)
    union all select 4::smallint, v from (select distinct unnest(e.people || e.organisations || e.places)) x(v)
    union all select 11::smallint, '' where cardinality(e.hashtags) > 0
    union all select 12::smallint, '' where cardinality(e.urls) > 0
    union all select 13::smallint, '' where cardinality(e.handles) > 0
    union all select 14::smallint, '' where cardinality(e.people || e.organisations || e.places) > 0) i), rollup_h as (
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
        union all
      select bin_id, stream_id, posted_at, 0, 0, 0, 0, 0, 0, 0, 0, sign * (rail = $51)::int, sign * (rail = $52)::int, sign * (rail = $53)::int, sign * (rail = $54)::int
        from (select bin_id, stream_id, posted_at, sign, rail from item_rows where rail > $55) r) x
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
          negative = s.negative + excluded.negative, ave = s.ave + excluded.ave returning 1), places as (
    insert into bin_hourly_places as p (bin_id, stream_id, hour, country_code, place, latitude, longitude, clips)
    select bin_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC', country_code, coalesce(place, ''),
           max(latitude), max(longitude), sum(sign)
      from (
      -- The world map's rollup: rows inserted, with their clip's place. A new clip's location is
      -- the batch's (its clip_locations row, inserted above, is not visible to this statement); a
      -- clip seen again that gained a bin has its stored one.
      select ins.bin_id, ins.stream_id, ins.posted_at, 1 as sign, nl.country_code, nl.place, nl.latitude, nl.longitude
        from ins join nl on nl.clip_id = ins.clip_id
      union all
      select ins.bin_id, ins.stream_id, ins.posted_at, 1, cl.country_code, cl.place, cl.latitude, cl.longitude
        from ins join pc on pc.clip_id = ins.clip_id and not pc.inserted join clip_locations cl on cl.clip_id = ins.clip_id) d
     group by 1, 2, 3, 4, 5
     order by 1, 2, 3, 4, 5
    on conflict (bin_id, stream_id, hour, country_code, place) do update set clips = p.clips + excluded.clips
    returning 1), items_hour as materialized (
    select d.bin_id, d.rail, date_trunc('hour', d.posted_at at time zone 'UTC') at time zone 'UTC' as hour, d.stream_id, d.item,
           sum(d.sign * (d.brand_association_id = 1)::int)::int as owned, sum(d.sign * (d.brand_association_id = 2)::int)::int as earned,
           sum(d.sign * (d.brand_association_id not in (1, 2))::int)::int as chatter
      from item_rows d
     where d.rail < $56
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
    select (select count(*) from c where inserted)::int as inserted, (select count(*) from c)::int as total,
           (select count(*) from ins)::int as bin_clips;
