-- withStoredCounts
select k.stream_id, k.external_id, k.likes, k.comments, k.shares, k.views
      from unnest($1::smallint[], $2::text[]) as v(stream_id, external_id)
      join clip_keys ck on ck.stream_id = v.stream_id and ck.external_id = v.external_id
      join clips k on k.id = ck.clip_id and k.posted_at = ck.posted_at;

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
        left join clip_keys sk on sk.stream_id = p.stream_id and sk.external_id = p.external_id
        left join clips k on k.id = sk.clip_id and k.posted_at = sk.posted_at
    ), ck as (
      -- The post's key (clips are partitioned by month, so their own unique keys carry posted_at):
      -- a new key takes a new clip id and the post's time; a stored one (a post read again, or one
      -- a concurrent batch stored first: the upsert waits for it and returns its row, where
      -- "do nothing" would return nothing) gives the clip's id and the time it was stored with,
      -- which a post keeps for good, as its bin rows do.
      insert into clip_keys as t (stream_id, external_id, clip_id, posted_at)
      select stream_id, external_id, nextval('clips_id_seq'), posted_at from pa order by ord
      on conflict (stream_id, external_id) do update set posted_at = t.posted_at
      returning t.stream_id, t.external_id, t.clip_id, t.posted_at, (t.xmax = 0) as inserted
    ), c as (
      insert into clips (id, stream_id, external_id, author_id, body, posted_at, link, media_url, parent_external_id,
                         in_reply_to_handle, likes, comments, shares, views, language, reach, impressions, country)
      select ck.clip_id, pa.stream_id, pa.external_id, pa.author_id, pa.body, ck.posted_at, pa.link, pa.media_url, pa.parent_external_id,
             pa.in_reply_to_handle, pa.likes, pa.comments, pa.shares, pa.views, pa.language, pa.reach, pa.impressions, pa.country
        from pa join ck on ck.stream_id = pa.stream_id and ck.external_id = pa.external_id
       order by pa.ord
      on conflict (id, posted_at) do update
        set likes = excluded.likes, comments = excluded.comments, shares = excluded.shares, views = excluded.views,
            reach = excluded.reach, impressions = excluded.impressions,
            -- A link once known is kept; one missing is filled by a later read that has it.
            link = coalesce(clips.link, excluded.link), updated_at = now()
      -- A new key is a new clip (the key table names every clip; a partitioned table cannot
      -- return xmax, so "inserted" is the key's).
      returning id, posted_at
    ), pc as (
      select pa.ord, pa.stream_id, c.posted_at, pa.author_id, pa.classification_id, pa.sentiment_score, pa.people, pa.organisations,
             pa.places, pa.hashtags, pa.handles, pa.urls, pa.terms, c.id as clip_id, ck.inserted,
             pa.likes::bigint + pa.comments + pa.shares as engagement
        from pa join ck on ck.stream_id = pa.stream_id and ck.external_id = pa.external_id
        join c on c.id = ck.clip_id and c.posted_at = ck.posted_at
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
      -- A row's classification and favourability are its project's: the shipped model's, or its
      -- client's own model's (ingest/client-sentiment.ts); a stored clip a person rated in the
      -- project has the rating in a new bin of it too (a rating is the project's, never overwritten).
      select b.ord, b.bin_id, b.project_id, b.classification_id, coalesce(l.favourability_id, b.favourability_id) as favourability_id,
             b.brand_association_id, b.ave, b.impact_score, pc.clip_id, pc.inserted, pc.stream_id, pc.posted_at, pc.author_id,
             pc.engagement
        from unnest($44::int[], $45::int[], $46::int[],
                    $47::smallint[], $48::smallint[],
                    $49::smallint[], $50::float8[],
                    $51::float8[])
             as b(ord, bin_id, project_id, classification_id, favourability_id, brand_association_id, ave, impact_score)
        join pc on pc.ord = b.ord
        left join sentiment_labels l on not pc.inserted and l.clip_id = pc.clip_id and l.project_id = b.project_id
    ), ins as (
      insert into bin_clips (bin_id, project_id, clip_id, stream_id, posted_at, author_id, classification_id,
                             favourability_id, brand_association_id, ave, impact_score, engagement)
      select bin_id, project_id, clip_id, stream_id, posted_at, author_id, classification_id, favourability_id, brand_association_id,
             ave, impact_score, engagement
        from b
      on conflict (bin_id, clip_id, posted_at) do nothing
      returning bin_id, clip_id, stream_id, posted_at, ave, favourability_id, brand_association_id
    ), old as (
      -- A clip seen again: its rows follow the new counts. Engagement (likes + comments + shares,
      -- the post's own) in every project that holds the clip, whether or not its rules match the
      -- post this time; AVE and impact, which each project prices, in the projects it matched
      -- again. Rows inserted by this statement are not visible here, so only rows stored before move.
      select bc.id, bc.posted_at, bc.ave as old_ave, coalesce(v.ave, bc.ave) as ave, coalesce(v.impact_score, bc.impact_score) as impact_score,
             s.engagement
        from (select distinct clip_id, posted_at, engagement from pc where not inserted) s
        join bin_clips bc on bc.clip_id = s.clip_id and bc.posted_at = s.posted_at
        left join (select distinct clip_id, project_id, ave, impact_score from b where not inserted) v
          on v.clip_id = bc.clip_id and v.project_id = bc.project_id
       where bc.engagement <> s.engagement or bc.ave <> v.ave or bc.impact_score <> v.impact_score
       order by bc.id
         for update of bc
    ), upd as (
      update bin_clips bc set ave = old.ave, impact_score = old.impact_score, engagement = old.engagement from old where bc.id = old.id and bc.posted_at = old.posted_at
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
      ${storedItems(`select ins.bin_id, ins.clip_id, ins.stream_id, ins.posted_at, ins.brand_association_id, 1 as sign
                           from ins join pc on pc.clip_id = ins.clip_id and not pc.inserted`)}), rollup_h as (
    ${rollupUpsert(`select * from moved`, `${railPostRows(`select bin_id, stream_id, posted_at, sign, rail from item_rows where rail > $56`)}`)} returning 1), rollup_s as (
    ${sentimentUpsert(`select * from moved`)} returning 1), ${placesUpsert(`
      -- The world map's rollup: rows inserted, with their clip's place. A new clip's location is
      -- the batch's (its clip_locations row, inserted above, is not visible to this statement); a
      -- clip seen again that gained a bin has its stored one.
      select ins.bin_id, ins.stream_id, ins.posted_at, 1 as sign, nl.country_code, nl.place, nl.latitude, nl.longitude
        from ins join nl on nl.clip_id = ins.clip_id
      union all
      select ins.bin_id, ins.stream_id, ins.posted_at, 1, cl.country_code, cl.place, cl.latitude, cl.longitude
        from ins join pc on pc.clip_id = ins.clip_id and not pc.inserted join clip_locations cl on cl.clip_id = ins.clip_id`)}, ${itemRowsUpsert()}
    select (select count(*) from pc where inserted)::int as inserted, (select count(*) from c)::int as total,
           (select count(*) from ins)::int as bin_clips;
