// Storage of one batch, inside the caller's transaction: a handful of set-based statements
// whatever the batch size (rows travel as one array per column through unnest), so PGlite and
// PostgreSQL both do the work in a few round trips. Idempotent: clips are unique per
// (stream, external id), bin_clips per (bin, clip), and rollups move only for rows inserted now.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Post } from './post.ts';
import { rollupUpsert } from './rollups.ts';
import type { Enrichment } from '../nlp/enrich.ts';

type Trx = Transaction<Database>;

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
}

export interface StoreResult {
  clipsInserted: number;
  clipsUpdated: number;
  binClipsInserted: number;
}

// Array columns of the enrichment travel as one text per clip, split again in SQL.
const SEP = '\u001f';
const joined = (xs: string[]) => xs.map((x) => x.replaceAll(SEP, ' ')).join(SEP);

export async function storeBatch(trx: Trx, batch: PreparedPost[]): Promise<StoreResult> {
  if (batch.length === 0) return { clipsInserted: 0, clipsUpdated: 0, binClipsInserted: 0 };
  const authorIds = await upsertAuthors(trx, batch);
  const clips = await upsertClips(trx, batch, authorIds);
  const fresh = batch.filter((b) => clips.get(clipKey(b.post))?.inserted);
  await insertEnrichment(trx, fresh, clips);
  const binClipsInserted = await insertBinClips(trx, batch, clips, authorIds);
  await refreshAve(trx, batch.filter((b) => !clips.get(clipKey(b.post))?.inserted), clips);
  return { clipsInserted: fresh.length, clipsUpdated: batch.length - fresh.length, binClipsInserted };
}

const authorKey = (p: Post) => `${p.streamId}\u0000${p.author.externalId}`;
const clipKey = (p: Post) => `${p.streamId}\u0000${p.externalId}`;

async function upsertAuthors(trx: Trx, batch: PreparedPost[]): Promise<Map<string, number>> {
  // One row per author: ON CONFLICT DO UPDATE may not touch a row twice in one statement.
  const byKey = new Map<string, Post['author'] & { streamId: number }>();
  for (const { post } of batch) byKey.set(authorKey(post), { ...post.author, streamId: post.streamId });
  // Key order: concurrent batches then lock shared authors in the same order, avoiding deadlocks.
  const rows = [...byKey.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([, a]) => a);
  const res = await sql<{ id: number; stream_id: number; external_id: string }>`
    insert into authors (stream_id, external_id, name, handle, followers)
    select * from unnest(${rows.map((a) => a.streamId)}::smallint[], ${rows.map((a) => a.externalId)}::text[],
                         ${rows.map((a) => a.name)}::text[], ${rows.map((a) => a.handle ?? null)}::text[],
                         ${rows.map((a) => a.followers ?? 0)}::int[])
    on conflict (stream_id, external_id) do update
      set name = excluded.name, handle = excluded.handle, followers = excluded.followers, updated_at = now()
    returning id, stream_id, external_id`.execute(trx);
  return new Map(res.rows.map((r) => [`${r.stream_id}\u0000${r.external_id}`, Number(r.id)]));
}

async function upsertClips(trx: Trx, batch: PreparedPost[], authors: Map<string, number>) {
  const rows = batch.map((b) => b.post);
  const res = await sql<{ id: number; stream_id: number; external_id: string; inserted: boolean }>`
    insert into clips (stream_id, external_id, author_id, body, posted_at, link, media_url, parent_external_id,
                       in_reply_to_handle, likes, comments, shares, views, language, reach, impressions, country)
    select * from unnest(${rows.map((p) => p.streamId)}::smallint[], ${rows.map((p) => p.externalId)}::text[],
      ${rows.map((p) => authors.get(authorKey(p)) ?? null)}::bigint[], ${rows.map((p) => p.body)}::text[],
      ${rows.map((p) => p.postedAt.toISOString())}::timestamptz[], ${rows.map((p) => p.link ?? null)}::text[],
      ${rows.map((p) => p.mediaUrl ?? null)}::text[], ${rows.map((p) => p.parentExternalId ?? null)}::text[],
      ${rows.map((p) => p.inReplyToHandle ?? null)}::text[], ${rows.map((p) => p.likes ?? 0)}::int[],
      ${rows.map((p) => p.comments ?? 0)}::int[], ${rows.map((p) => p.shares ?? 0)}::int[],
      ${rows.map((p) => p.views ?? 0)}::bigint[], ${batch.map((b) => b.enrichment.language)}::text[],
      ${batch.map((b) => b.reach)}::bigint[], ${batch.map((b) => b.impressions)}::bigint[],
      ${rows.map((p) => p.country ?? null)}::text[])
    on conflict (stream_id, external_id) do update
      set likes = excluded.likes, comments = excluded.comments, shares = excluded.shares, views = excluded.views,
          reach = excluded.reach, impressions = excluded.impressions, updated_at = now()
    returning id, stream_id, external_id, (xmax = 0) as inserted`.execute(trx);
  return new Map(res.rows.map((r) => [`${r.stream_id}\u0000${r.external_id}`, { id: Number(r.id), inserted: r.inserted }]));
}

async function insertEnrichment(trx: Trx, fresh: PreparedPost[], clips: Map<string, { id: number }>) {
  if (fresh.length === 0) return;
  const col = (f: (e: Enrichment) => string[]) => fresh.map((b) => joined(f(b.enrichment)));
  await sql`
    insert into clip_enrichment (clip_id, classification_id, sentiment_score, people, organisations, places, hashtags, handles, urls, terms)
    select id, cls, score, string_to_array(pe, ${SEP}), string_to_array(og, ${SEP}), string_to_array(pl, ${SEP}),
           string_to_array(ht, ${SEP}), string_to_array(hd, ${SEP}), string_to_array(ur, ${SEP}), string_to_array(tm, ${SEP})
    from unnest(${fresh.map((b) => clips.get(clipKey(b.post))!.id)}::bigint[], ${fresh.map((b) => b.enrichment.classificationId)}::smallint[],
                ${fresh.map((b) => b.enrichment.sentimentScore)}::real[], ${col((e) => e.people)}::text[],
                ${col((e) => e.organisations)}::text[], ${col((e) => e.places)}::text[], ${col((e) => e.hashtags)}::text[],
                ${col((e) => e.handles)}::text[], ${col((e) => e.urls)}::text[], ${col((e) => e.terms)}::text[])
      as v(id, cls, score, pe, og, pl, ht, hd, ur, tm)
    on conflict (clip_id) do nothing`.execute(trx);
}

async function insertBinClips(trx: Trx, batch: PreparedPost[], clips: Map<string, { id: number }>, authors: Map<string, number>) {
  const rows: { b: BinClipRow; clipId: number; post: Post }[] = [];
  for (const p of batch) {
    const clipId = clips.get(clipKey(p.post))!.id;
    for (const b of p.bins) rows.push({ b, clipId, post: p.post });
  }
  if (rows.length === 0) return 0;
  // Only rows inserted by this statement reach the rollup: a clip seen again adds nothing.
  const res = await sql<{ n: number }>`
    with ins as (
      insert into bin_clips (bin_id, project_id, clip_id, stream_id, posted_at, author_id, classification_id,
                             favourability_id, brand_association_id, ave, impact_score)
      select * from unnest(${rows.map((r) => r.b.binId)}::int[], ${rows.map((r) => r.b.projectId)}::int[],
        ${rows.map((r) => r.clipId)}::bigint[], ${rows.map((r) => r.post.streamId)}::smallint[],
        ${rows.map((r) => r.post.postedAt.toISOString())}::timestamptz[],
        ${rows.map((r) => authors.get(authorKey(r.post)) ?? null)}::bigint[], ${rows.map((r) => r.b.classificationId)}::smallint[],
        ${rows.map((r) => r.b.favourabilityId)}::smallint[], ${rows.map((r) => r.b.brandAssociationId)}::smallint[],
        ${rows.map((r) => r.b.ave)}::float8[], ${rows.map((r) => r.b.impactScore)}::float8[])
      on conflict (bin_id, clip_id) do nothing
      returning bin_id, stream_id, posted_at, ave, favourability_id, brand_association_id, 1 as sign
    ), up as (${rollupUpsert(sql`select * from ins`)} returning 1)
    select count(*)::int as n from ins`.execute(trx);
  return Number(res.rows[0]?.n ?? 0);
}

/** A clip seen again with new engagement: its AVE and impact move, and the rollups by the difference. */
async function refreshAve(trx: Trx, seen: PreparedPost[], clips: Map<string, { id: number }>) {
  const rows: { clipId: number; projectId: number; ave: number; impact: number }[] = [];
  for (const p of seen) {
    const clipId = clips.get(clipKey(p.post))!.id;
    const done = new Set<number>();
    for (const b of p.bins)
      if (!done.has(b.projectId)) {
        done.add(b.projectId);
        rows.push({ clipId, projectId: b.projectId, ave: b.ave, impact: b.impactScore });
      }
  }
  if (rows.length === 0) return;
  await sql`
    with v as (
      select * from unnest(${rows.map((r) => r.clipId)}::bigint[], ${rows.map((r) => r.projectId)}::int[],
                           ${rows.map((r) => r.ave)}::float8[], ${rows.map((r) => r.impact)}::float8[]) as v(clip_id, project_id, ave, impact)
    ), old as (
      select b.id, b.ave as old_ave, v.ave, v.impact from bin_clips b
        join v on v.clip_id = b.clip_id and v.project_id = b.project_id
       where b.ave <> v.ave or b.impact_score <> v.impact
       for update of b
    ), upd as (
      update bin_clips b set ave = old.ave, impact_score = old.impact from old where b.id = old.id
      returning b.bin_id, b.stream_id, b.posted_at, b.ave - old.old_ave as ave, b.rejected
    )
    ${rollupUpsert(sql`select bin_id, stream_id, posted_at, ave, 0::smallint as favourability_id, 0::smallint as brand_association_id, 0 as sign from upd where not rejected`)}`.execute(trx);
}
