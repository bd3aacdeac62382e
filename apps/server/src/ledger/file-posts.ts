// Filing posts, the storage of one batch in two statements: the batch's authors first (upserted
// apart, see filePosts), then everything else in ONE statement: posts, enrichment and bin rows
// travel as one array per column (unnest), and a chain of data-modifying CTEs upserts clips, adds
// enrichment for new clips, inserts bin_clips, refreshes the AVE of clips seen again, records the
// word-bin matches of new clips (word_bin_clips) and moves bin_hourly, bin_hourly_sentiment,
// bin_hourly_places, bin_hourly_items and bin_daily_items by exactly what changed. One plan, and ids never travel
// back to Node and out again; the statement is atomic, so a failing batch stores none of its
// posts (the authors it named may stay: rows of reference, named again by the next try).
// Idempotent: clips are unique per (stream, external id) through clip_keys, bin_clips per (bin,
// clip), and the rollups move only for rows this statement inserted or changed.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Enrichment } from '../nlp/enrich.ts';
import { locatePost } from '../nlp/places.ts';
import type { Post } from '../ingest/post.ts';
import { ITEM_RAILS, POSTS_RAIL, itemRows, itemRowsUpsert, placesUpsert, rollupUpserts, storedItems } from './rollups.ts';

export interface BinClipRow {
  binId: number;
  projectId: number;
  classificationId: number;
  favourabilityId: number;
  brandAssociationId: number;
  ave: number;
  impactScore: number;
}

export interface PreparedPost {
  post: Post;
  enrichment: Enrichment;
  impressions: number;
  reach: number;
  bins: BinClipRow[];
  /** Word bins the post matched (word-bins.ts): stored as word_bin_clips for a new clip. */
  wordBins?: number[];
}

export interface FileResult {
  clipsInserted: number;
  clipsUpdated: number;
  binClipsInserted: number;
}

// Array columns of the enrichment travel as one text per clip, split again in SQL.
const SEP = '\u001f';
const joined = (xs: string[]) => xs.map((x) => x.replaceAll(SEP, ' ')).join(SEP);
const split = (col: string) => sql`string_to_array(${sql.ref(col)}, ${SEP})`;

/** An enrichment array as the statement stores it: joined, then split again in SQL (`split`). */
const asStored = (xs: string[]) => {
  const j = joined(xs);
  return j === '' ? [] : j.split(SEP);
};

/**
 * A new clip's deep-dive items as [rail, item]: rollups.ts's itemsOf rule (each item once per
 * rail; the entity rail is people, organisations and places; a '' item on rail + POSTS_RAIL per
 * rail with any item), cut here rather than in SQL, which expanded every bin row's arrays again.
 */
export function itemsOfPost(e: Pick<Enrichment, 'hashtags' | 'urls' | 'handles' | 'people' | 'organisations' | 'places'>): [number, string][] {
  const out: [number, string][] = [];
  const rails: [number, string[]][] = [
    [ITEM_RAILS.hashtag, asStored(e.hashtags)],
    [ITEM_RAILS.url, asStored(e.urls)],
    [ITEM_RAILS.handle, asStored(e.handles)],
    [ITEM_RAILS.entity, [...asStored(e.people), ...asStored(e.organisations), ...asStored(e.places)]],
  ];
  for (const [rail, values] of rails) {
    for (const v of new Set(values)) out.push([rail, v]);
    if (values.length > 0) out.push([rail + POSTS_RAIL, '']);
  }
  return out;
}

const authorKey = (p: Post) => `${p.streamId}\u0000${p.author.externalId}`;
const clipKey = (p: Post) => `${p.streamId}\u0000${p.externalId}`;
const byKey =
  <T>(key: (x: T) => string) =>
  (a: T, b: T) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };

const COUNTS = ['likes', 'comments', 'shares', 'views'] as const;

/**
 * The posts with each engagement count they lack (the connector does not know it) taken from the
 * clip already stored, when there is one: the AVE, impact and impressions computed from the post
 * (ingest/pipeline.ts's prepare) then follow the counts the clip keeps (filePosts keeps a stored count
 * the post lacks). One query, only when a post lacks a count.
 */
export async function withStoredCounts(db: Kysely<Database>, posts: Post[]): Promise<Post[]> {
  const lacking = posts.filter((p) => COUNTS.some((k) => p[k] === undefined || p[k] === null));
  if (lacking.length === 0) return posts;
  const rows = await sql<{ stream_id: number; external_id: string; likes: number; comments: number; shares: number; views: string | number }>`
    select k.stream_id, k.external_id, k.likes, k.comments, k.shares, k.views
      from unnest(${lacking.map((p) => p.streamId)}::smallint[], ${lacking.map((p) => p.externalId)}::text[]) as v(stream_id, external_id)
      join clip_keys ck on ck.stream_id = v.stream_id and ck.external_id = v.external_id
      join clips k on k.id = ck.clip_id and k.posted_at = ck.posted_at`.execute(db);
  if (rows.rows.length === 0) return posts;
  const stored = new Map(rows.rows.map((r) => [`${r.stream_id}\u0000${r.external_id}`, r]));
  return posts.map((p) => {
    const s = stored.get(clipKey(p));
    if (!s) return p;
    return { ...p, likes: p.likes ?? s.likes, comments: p.comments ?? s.comments, shares: p.shares ?? s.shares, views: p.views ?? Number(s.views) };
  });
}

/** Stores a batch (posts unique per stream and external id) on `db` (a connection or the caller's transaction). */
export async function filePosts(db: Kysely<Database>, input: PreparedPost[]): Promise<FileResult> {
  if (input.length === 0) return { clipsInserted: 0, clipsUpdated: 0, binClipsInserted: 0 };
  // Key order for authors and clips: concurrent batches then lock shared rows in the same order.
  const batch = [...input].sort(byKey((b) => clipKey(b.post)));
  const authorByKey = new Map<string, Post['author'] & { streamId: number }>();
  for (const { post } of batch) authorByKey.set(authorKey(post), { ...post.author, streamId: post.streamId });
  const authors = [...authorByKey.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([, a]) => a);
  const posts = batch.map((b) => b.post);
  const en = batch.map((b) => b.enrichment);
  const col = (f: (e: Enrichment) => string[]) => en.map((e) => joined(f(e)));
  const bins: { i: number; b: BinClipRow }[] = [];
  batch.forEach((p, i) => {
    for (const b of p.bins) bins.push({ i: i + 1, b });
  });
  const wordBins: { i: number; id: number }[] = [];
  batch.forEach((p, i) => {
    for (const id of p.wordBins ?? []) wordBins.push({ i: i + 1, id });
  });
  // Where each post comes from (world map), for the posts whose place is known.
  const located = posts.flatMap((p, i) => {
    const l = locatePost(p);
    return l ? [{ i: i + 1, ...l }] : [];
  });

  const items = en.flatMap((e, k) => itemsOfPost(e).map(([rail, item]) => ({ i: k + 1, rail, item })));

  // Authors first, in a statement of their own: concurrent batches share authors, and a row an
  // upsert changed stays locked until its statement's transaction ends. Inside the long batch
  // statement that lock made the second of two batches wait for the whole of the first; here it
  // lasts milliseconds. Unchanged authors are not rewritten. The batch statement below reads the
  // ids back (outside a caller's transaction this statement has committed by then; inside one,
  // its writes are visible to the next statement).
  // What a read does not give (a name when a YouTube comment gives only the @handle, a handle,
  // followers) is the stored author's: one network's reads never write a handle over a name or
  // blank out what another read gave. A new author without a name is named by its handle.
  if (authors.length)
    await sql`
      insert into authors as t (stream_id, external_id, name, handle, followers)
      select v.stream_id, v.external_id, coalesce(v.name, k.name, v.handle, v.external_id), coalesce(v.handle, k.handle),
             coalesce(v.followers, k.followers, 0)
        from unnest(${authors.map((a) => a.streamId)}::smallint[], ${authors.map((a) => a.externalId)}::text[],
                    ${authors.map((a) => a.name ?? null)}::text[], ${authors.map((a) => a.handle ?? null)}::text[],
                    ${authors.map((a) => a.followers ?? null)}::int[]) with ordinality as v(stream_id, external_id, name, handle, followers, ord)
        left join authors k on k.stream_id = v.stream_id and k.external_id = v.external_id
       order by v.ord
      on conflict (stream_id, external_id) do update
        set name = excluded.name, handle = excluded.handle, followers = excluded.followers, updated_at = now()
        where (t.name, t.handle, t.followers) is distinct from (excluded.name, excluded.handle, excluded.followers)`.execute(db);

  const res = await sql<{ inserted: number; total: number; bin_clips: number }>`
    with p as (
      select * from unnest(
        ${posts.map((p) => p.streamId)}::smallint[], ${posts.map((p) => p.externalId)}::text[],
        ${posts.map((p) => p.author.externalId)}::text[], ${posts.map((p) => p.body)}::text[],
        ${posts.map((p) => p.postedAt.toISOString())}::timestamptz[], ${posts.map((p) => p.link ?? null)}::text[],
        ${posts.map((p) => p.mediaUrl ?? null)}::text[], ${posts.map((p) => p.parentExternalId ?? null)}::text[],
        ${posts.map((p) => p.inReplyToHandle ?? null)}::text[], ${posts.map((p) => p.likes ?? null)}::int[],
        ${posts.map((p) => p.comments ?? null)}::int[], ${posts.map((p) => p.shares ?? null)}::int[],
        ${posts.map((p) => p.views ?? null)}::bigint[], ${en.map((e) => e.language)}::text[],
        ${batch.map((b) => b.reach)}::bigint[], ${batch.map((b) => b.impressions)}::bigint[],
        ${posts.map((p) => p.country ?? null)}::text[], ${en.map((e) => e.classificationId)}::smallint[],
        ${en.map((e) => e.sentimentScore)}::real[], ${col((e) => e.people)}::text[], ${col((e) => e.organisations)}::text[],
        ${col((e) => e.places)}::text[], ${col((e) => e.hashtags)}::text[], ${col((e) => e.handles)}::text[],
        ${col((e) => e.urls)}::text[], ${col((e) => e.terms)}::text[]
      ) with ordinality as p(stream_id, external_id, author_external_id, body, posted_at, link, media_url, parent_external_id,
                             in_reply_to_handle, likes, comments, shares, views, language, reach, impressions, country,
                             classification_id, sentiment_score, people, organisations, places, hashtags, handles, urls, terms, ord)
    ), it as (
      select * from unnest(${items.map((r) => r.i)}::int[], ${items.map((r) => r.rail)}::smallint[], ${items.map((r) => r.item)}::text[]) as it(ord, rail, item)
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
      select clip_id, classification_id, sentiment_score, ${split('people')}, ${split('organisations')}, ${split('places')}, ${split('hashtags')},
             ${split('handles')}, ${split('urls')}, ${split('terms')}
        from pc where inserted
      on conflict (clip_id) do nothing
    ), nl as (
      select pc.clip_id, l.cc as country_code, l.place, l.lat as latitude, l.lng as longitude
        from unnest(${located.map((l) => l.i)}::int[], ${located.map((l) => l.countryCode)}::text[], ${located.map((l) => l.place)}::text[],
                    ${located.map((l) => l.latitude)}::float8[], ${located.map((l) => l.longitude)}::float8[]) as l(ord, cc, place, lat, lng)
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
        from unnest(${wordBins.map((w) => w.i)}::int[], ${wordBins.map((w) => w.id)}::int[]) as w(ord, word_bin_id)
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
        from unnest(${bins.map((r) => r.i)}::int[], ${bins.map((r) => r.b.binId)}::int[], ${bins.map((r) => r.b.projectId)}::int[],
                    ${bins.map((r) => r.b.classificationId)}::smallint[], ${bins.map((r) => r.b.favourabilityId)}::smallint[],
                    ${bins.map((r) => r.b.brandAssociationId)}::smallint[], ${bins.map((r) => r.b.ave)}::float8[],
                    ${bins.map((r) => r.b.impactScore)}::float8[])
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
    ), ${itemRows(sql`
      -- The deep dive's rows: rows inserted, with their clip's items and rails (a new clip's cut
      -- here from the batch, see itemsOfPost; a clip seen again, its stored enrichment's).
      select ins.bin_id, ins.stream_id, ins.posted_at, ins.brand_association_id, 1 as sign, it.rail, it.item
        from ins join pc on pc.clip_id = ins.clip_id and pc.inserted join it on it.ord = pc.ord
      union all
      ${storedItems(sql`select ins.bin_id, ins.clip_id, ins.stream_id, ins.posted_at, ins.brand_association_id, 1 as sign
                           from ins join pc on pc.clip_id = ins.clip_id and not pc.inserted`)}`)}, ${rollupUpserts('moved', true)}, ${placesUpsert(sql`
      -- The world map's rollup: rows inserted, with their clip's place. A new clip's location is
      -- the batch's (its clip_locations row, inserted above, is not visible to this statement); a
      -- clip seen again that gained a bin has its stored one.
      select ins.bin_id, ins.stream_id, ins.posted_at, 1 as sign, nl.country_code, nl.place, nl.latitude, nl.longitude
        from ins join nl on nl.clip_id = ins.clip_id
      union all
      select ins.bin_id, ins.stream_id, ins.posted_at, 1, cl.country_code, cl.place, cl.latitude, cl.longitude
        from ins join pc on pc.clip_id = ins.clip_id and not pc.inserted join clip_locations cl on cl.clip_id = ins.clip_id`)}, ${itemRowsUpsert()}
    select (select count(*) from pc where inserted)::int as inserted, (select count(*) from c)::int as total,
           (select count(*) from ins)::int as bin_clips`.execute(db);
  const row = res.rows[0];
  const inserted = Number(row?.inserted ?? 0);
  return { clipsInserted: inserted, clipsUpdated: Number(row?.total ?? 0) - inserted, binClipsInserted: Number(row?.bin_clips ?? 0) };
}
