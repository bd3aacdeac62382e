import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '../db/connection.ts';
import { createPipeline, ingestPosts } from './pipeline.ts';
import { changeBinClips, rebuildRollups } from '../ledger/index.ts';
import { invalidateRules } from './rules.ts';
import { migratedTestDb } from '../test/harness.ts';
import { makePost, seedProject, type SeededProject } from './testing.ts';

let h: DbHandle;
let p: SeededProject;

async function rollup(binId: number) {
  return h.db.selectFrom('bin_hourly').selectAll().where('bin_id', '=', binId).execute();
}
async function truthFromClips(binId: number) {
  const r = await sql<{ clips: number; ave: number; positive: number; negative: number; neutral: number; owned: number; earned: number; chatter: number }>`
    select count(*)::int as clips, coalesce(sum(ave), 0) as ave,
      count(*) filter (where favourability_id = 1)::int as positive, count(*) filter (where favourability_id = 3)::int as negative,
      count(*) filter (where favourability_id = 2)::int as neutral, count(*) filter (where brand_association_id = 1)::int as owned,
      count(*) filter (where brand_association_id = 2)::int as earned, count(*) filter (where brand_association_id = 3)::int as chatter
    from bin_clips where bin_id = ${binId} and not rejected`.execute(h.db);
  return r.rows[0];
}
async function rollupTotals(binId: number) {
  const rows = await rollup(binId);
  const sum = (k: 'clips' | 'ave' | 'positive' | 'negative' | 'neutral' | 'owned' | 'earned' | 'chatter') => rows.reduce((s, r) => s + Number(r[k]), 0);
  return {
    clips: sum('clips'),
    ave: sum('ave'),
    positive: sum('positive'),
    negative: sum('negative'),
    neutral: sum('neutral'),
    owned: sum('owned'),
    earned: sum('earned'),
    chatter: sum('chatter'),
  };
}
async function expectRollupsInStep(binId: number) {
  const [a, b] = [await rollupTotals(binId), await truthFromClips(binId)];
  expect({ ...a, ave: Math.round(a.ave * 100) }).toEqual({ ...b, ave: Math.round(Number(b.ave) * 100) });
}

beforeAll(async () => {
  h = await migratedTestDb(); // PGlite in memory, or a throwaway schema on DATABASE_URL
});
afterAll(() => h.close());
beforeEach(async () => {
  for (const t of [
    'bin_hourly_items',
    'bin_daily_items',
    'bin_hourly_places',
    'clip_locations',
    'bin_hourly_sentiment',
    'bin_hourly',
    'bin_clips',
    'clip_enrichment',
    'clips',
    'authors',
    'ingest_rejections',
    'profiles',
    'bin_rules',
    'projects',
    'bins',
    'clients',
  ])
    await sql`delete from ${sql.table(t)}`.execute(h.db);
  invalidateRules(h.db);
  p = await seedProject(h.db, {
    rules: [
      { bin: 'root', expression: 'acme OR #acmesa' },
      { bin: 'sort', expression: 'acme AND (refund OR broken)' },
      { bin: 'input', expression: '"summer sale"' },
    ],
    profile: { streamId: 7, externalId: 'acme-1', handle: 'AcmeSA' },
  });
});

describe('ingestion pipeline', () => {
  it('stores a matched post once, with enrichment, in its bins and the project root', async () => {
    const r = await ingestPosts(h.db, [makePost('Acme sent me a broken kettle, I want a refund 😡', { externalId: 'x1' })]);
    expect(r).toMatchObject({ received: 1, clipsInserted: 1, binClipsInserted: 2 });
    const bins = await h.db.selectFrom('bin_clips').select(['bin_id', 'favourability_id']).orderBy('bin_id').execute();
    expect(bins.map((b) => b.bin_id)).toEqual([p.rootBinId, p.sortBinId]);
    expect(bins[0].favourability_id).toBe(3);
    const e = await h.db.selectFrom('clip_enrichment').selectAll().executeTakeFirstOrThrow();
    expect(e.classification_id).toBe(4);
    expect(e.terms).toContain('kettle');
    await expectRollupsInStep(p.rootBinId);
  });

  it('stores the same post twice as one clip, updates engagement, and never double-counts rollups', async () => {
    const post = makePost('Loving the acme summer sale!', { externalId: 'dup', likes: 5 });
    await ingestPosts(h.db, [post]);
    const before = await rollupTotals(p.rootBinId);
    const again = await ingestPosts(h.db, [
      { ...post, likes: 500, shares: 40 },
      { ...post, likes: 600 },
    ]);
    expect(again).toMatchObject({ clipsInserted: 0, clipsUpdated: 1, binClipsInserted: 0 });
    const clips = await h.db.selectFrom('clips').select(['likes']).execute();
    expect(clips).toEqual([{ likes: 600 }]);
    const after = await rollupTotals(p.rootBinId);
    expect(after.clips).toBe(before.clips);
    expect(after.ave).toBeGreaterThan(before.ave); // more engagement, more impressions, more AVE
    await expectRollupsInStep(p.rootBinId);
    await expectRollupsInStep(p.inputBinId);
  });

  it('keeps a count a later read does not know, and its AVE, while a real new count (0 too) overwrites', async () => {
    const post = makePost('Loving the acme summer sale!', { externalId: 'known', likes: 12, comments: 3, shares: 2, views: 5000 });
    await ingestPosts(h.db, [post]);
    const counts = () =>
      h.db.selectFrom('clips').select(['likes', 'comments', 'shares', 'views', 'impressions']).where('external_id', '=', 'known').executeTakeFirstOrThrow();
    const aves = () => h.db.selectFrom('bin_clips').select(['bin_id', 'ave', 'impact_score', 'engagement']).orderBy('bin_id').execute();
    const [first, firstAves] = [await counts(), await aves()];
    expect(first).toMatchObject({ likes: 12, comments: 3, shares: 2 });
    // Each bin row carries the clip's engagement, likes + comments + shares (top posts ranks by it).
    expect(firstAves.length).toBeGreaterThan(0);
    for (const r of firstAves) expect(Number(r.engagement)).toBe(17);
    // A connector that knows none of the counts (a blog, a network that omits them) reads it again.
    const { likes: _l, comments: _c, shares: _s, views: _v, ...unknown } = post;
    expect(await ingestPosts(h.db, [unknown])).toMatchObject({ clipsInserted: 0, clipsUpdated: 1 });
    expect(await counts()).toEqual(first);
    expect(await aves()).toEqual(firstAves);
    await expectRollupsInStep(p.rootBinId);
    // A real count overwrites, 0 included; one still unknown stays.
    await ingestPosts(h.db, [{ ...unknown, likes: 0, shares: 9 }]);
    expect(await counts()).toMatchObject({ likes: 0, comments: 3, shares: 9, views: first.views });
    // The bin rows follow the clip's new counts: 0 + 3 + 9.
    for (const r of await aves()) expect(Number(r.engagement)).toBe(12);
    await expectRollupsInStep(p.rootBinId);
    // A new clip whose counts are unknown stores 0.
    const { likes: _l2, comments: _c2, shares: _s2, ...fresh } = makePost('acme summer sale fresh', { externalId: 'fresh' });
    await ingestPosts(h.db, [fresh]);
    const f = await h.db.selectFrom('clips').select(['likes', 'comments', 'shares', 'views']).where('external_id', '=', 'fresh').executeTakeFirstOrThrow();
    expect({ ...f, views: Number(f.views) }).toEqual({ likes: 0, comments: 0, shares: 0, views: 0 });
  });

  it("moves a post's engagement in every project that holds it when it is read again, and its AVE only where it is filed again", async () => {
    const other = await seedProject(h.db, { name: 'Other', rules: [{ bin: 'root', expression: 'acme' }] });
    invalidateRules(h.db);
    const post = makePost('Loving the acme summer sale!', { externalId: 'shared', likes: 5, comments: 1, shares: 0 });
    await ingestPosts(h.db, [post]);
    const rows = () => h.db.selectFrom('bin_clips').select(['project_id', 'bin_id', 'ave', 'impact_score', 'engagement']).orderBy('bin_id').execute();
    const first = await rows();
    expect(new Set(first.map((r) => r.project_id))).toEqual(new Set([p.projectId, other.projectId]));
    for (const r of first) expect(Number(r.engagement)).toBe(6);
    // Read again with the other project's own token: only its rules file the post this time.
    await createPipeline(h.db).ingest([{ ...post, likes: 90, comments: 9, shares: 1 }], { ownerProjectId: other.projectId });
    const second = await rows();
    for (const r of second) expect(Number(r.engagement)).toBe(100);
    for (const [i, r] of second.entries()) {
      if (r.project_id === p.projectId) expect([r.ave, r.impact_score]).toEqual([first[i].ave, first[i].impact_score]);
      else expect(Number(r.ave)).toBeGreaterThan(Number(first[i].ave));
    }
    // Read again where no project files it (its owner is gone): the engagement still follows.
    await ingestPosts(h.db, [{ ...post, likes: 190, comments: 9, shares: 1 }], { scope: { ownerProjectId: 987_654 } });
    for (const r of await rows()) expect(Number(r.engagement)).toBe(200);
    for (const bin of [p.rootBinId, p.inputBinId, other.rootBinId]) await expectRollupsInStep(bin);
  });

  it('fills a missing link from a later read and keeps a known one', async () => {
    const post = makePost('Loving the acme summer sale!', { externalId: 'linkless', link: null });
    await ingestPosts(h.db, [post]);
    const link = async () => (await h.db.selectFrom('clips').select('link').where('external_id', '=', 'linkless').executeTakeFirstOrThrow()).link;
    expect(await link()).toBeNull();
    await ingestPosts(h.db, [{ ...post, link: 'https://x.com/acme/status/1' }]);
    expect(await link()).toBe('https://x.com/acme/status/1');
    await ingestPosts(h.db, [{ ...post, link: null }]);
    expect(await link()).toBe('https://x.com/acme/status/1');
  });

  it('stores a post sent twice in one call once, as its last copy, when the copies fall in batches stored at once', async () => {
    const pipeline = createPipeline(h.db, { batchSize: 2, concurrency: 2 });
    const post = makePost('Loving the acme summer sale!', { externalId: 'twice', likes: 5 });
    const r = await pipeline.ingest([post, makePost('acme one', { externalId: 'o1' }), makePost('acme two', { externalId: 'o2' }), { ...post, likes: 700 }]);
    expect(r).toMatchObject({ received: 4, clipsInserted: 3, clipsUpdated: 0 });
    const clips = await h.db.selectFrom('clips').select(['external_id', 'likes']).where('external_id', '=', 'twice').execute();
    expect(clips).toEqual([{ external_id: 'twice', likes: 700 }]);
    await expectRollupsInStep(p.rootBinId);
  });

  it('stores the posts of a call in time order, whatever order they came in', async () => {
    const at = (d: number) => new Date(Date.UTC(2024, 5, d, 12));
    const posts = [5, 1, 4, 2, 3].map((d) => makePost(`acme day ${d}`, { externalId: `day${d}`, postedAt: at(d) }));
    await createPipeline(h.db, { batchSize: 2 }).ingest(posts);
    const stored = await h.db.selectFrom('clips').select(['id', 'external_id']).orderBy('id').execute();
    expect(stored.map((c) => c.external_id)).toEqual(['day1', 'day2', 'day3', 'day4', 'day5']);
    await expectRollupsInStep(p.rootBinId);
  });

  it('rewrites an author seen again only when their name, handle or followers changed', async () => {
    const author = { externalId: 'steady', name: 'Steady', handle: 'steady', followers: 10 };
    await ingestPosts(h.db, [makePost('acme first', { externalId: 'a1', author })]);
    const first = await h.db.selectFrom('authors').select(['id', 'updated_at']).where('external_id', '=', 'steady').executeTakeFirstOrThrow();
    await sql`update authors set updated_at = '2020-01-01' where id = ${first.id}`.execute(h.db);
    await ingestPosts(h.db, [makePost('acme second', { externalId: 'a2', author })]);
    const same = await h.db.selectFrom('authors').select(['updated_at']).where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(new Date(same.updated_at).toISOString()).toBe('2020-01-01T00:00:00.000Z');
    await ingestPosts(h.db, [makePost('acme third', { externalId: 'a3', author: { ...author, followers: 11 } })]);
    const moved = await h.db.selectFrom('authors').select(['followers', 'updated_at']).where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(moved.followers).toBe(11);
    expect(new Date(moved.updated_at).getFullYear()).toBeGreaterThan(2020);
    const clips = await h.db.selectFrom('clips').select('author_id').where('external_id', 'in', ['a1', 'a2', 'a3']).execute();
    expect(clips.map((c) => c.author_id)).toEqual([first.id, first.id, first.id]);
  });

  it('rejects posts with an unknown stream, no id or an empty body, and counts each reason', async () => {
    const r = await ingestPosts(h.db, [
      makePost('acme', { streamId: 99 }),
      makePost('acme', { externalId: '' }),
      makePost('   '),
      makePost('acme', { externalId: '  ' }),
      makePost('acme ok'),
    ]);
    expect(r).toMatchObject({ received: 5, rejected: 4, clipsInserted: 1 });
    await ingestPosts(h.db, [makePost('', {})]);
    const reasons = await h.db.selectFrom('ingest_rejections').select(['reason', 'count']).orderBy('reason').execute();
    expect(reasons).toEqual([
      { reason: 'empty_body', count: 2 },
      { reason: 'missing_id', count: 2 },
      { reason: 'unknown_stream', count: 1 },
    ]);
  });

  it('marks posts by owned profiles Owned, replies and mentions Earned, the rest Chatter', async () => {
    await ingestPosts(h.db, [
      makePost('Our acme winter range is here', { externalId: 'o', author: { externalId: 'acme-1', name: 'Acme', handle: 'AcmeSA', followers: 50_000 } }),
      makePost('love this', { externalId: 'e1', inReplyToHandle: 'AcmeSA' }),
      makePost('thanks @acmesa for the help', { externalId: 'e2' }),
      makePost('acme is fine I guess', { externalId: 'c' }),
    ]);
    const rows = await h.db
      .selectFrom('bin_clips')
      .innerJoin('clips', 'clips.id', 'bin_clips.clip_id')
      .select(['clips.external_id', 'brand_association_id'])
      .where('bin_id', '=', p.rootBinId)
      .orderBy('clips.external_id')
      .execute();
    expect(rows).toEqual([
      { external_id: 'c', brand_association_id: 3 },
      { external_id: 'e1', brand_association_id: 2 },
      { external_id: 'e2', brand_association_id: 2 },
      { external_id: 'o', brand_association_id: 1 },
    ]);
    await expectRollupsInStep(p.rootBinId);
  });

  it('ignores posts of streams the project does not listen to', async () => {
    const r = await ingestPosts(h.db, [makePost('acme on tiktok', { streamId: 12 })]);
    expect(r).toMatchObject({ clipsInserted: 1, binClipsInserted: 0 });
  });

  it("files posts read with a project's own token only under that project, whatever other tenants' rules say", async () => {
    const other = await seedProject(h.db, { name: 'Other', rules: [{ bin: 'root', expression: 'acme' }] });
    invalidateRules(h.db);
    const binsOf = async (externalId: string) =>
      (
        await h.db
          .selectFrom('bin_clips')
          .innerJoin('clips', 'clips.id', 'bin_clips.clip_id')
          .select('bin_clips.bin_id')
          .where('clips.external_id', '=', externalId)
          .orderBy('bin_clips.bin_id')
          .execute()
      ).map((r) => r.bin_id);
    // Owned: read with project p's profile token (it may be private to p's owner).
    const r = await createPipeline(h.db).ingest([makePost('Acme sent me a broken kettle, I want a refund', { externalId: 'own1' })], {
      ownerProjectId: p.projectId,
    });
    expect(r).toMatchObject({ clipsInserted: 1, binClipsInserted: 2 });
    expect(await binsOf('own1')).toEqual([p.rootBinId, p.sortBinId]);
    // Public (a search, a feed): every tenant's rules see it.
    await ingestPosts(h.db, [makePost('Acme again', { externalId: 'pub1' })]);
    expect(await binsOf('pub1')).toEqual([p.rootBinId, other.rootBinId]);
    // An owner that is gone (deleted project) files nothing, rather than everywhere.
    expect(await ingestPosts(h.db, [makePost('Acme once more', { externalId: 'own2' })], { scope: { ownerProjectId: 987_654 } })).toMatchObject({
      clipsInserted: 1,
      binClipsInserted: 0,
    });
    await expectRollupsInStep(other.rootBinId);
  });

  it('loses nothing already stored when a batch fails, and stores nothing of the failed batch', async () => {
    const pipeline = createPipeline(h.db, { batchSize: 2 });
    const good = [makePost('acme one', { externalId: 'g1' }), makePost('acme two', { externalId: 'g2' })];
    // The second batch breaks inside its transaction: a body with a NUL byte is refused by PostgreSQL.
    const bad = [makePost('acme three', { externalId: 'b1' }), makePost('acme \u0000 four', { externalId: 'b2' })];
    await expect(pipeline.ingest([...good, ...bad])).rejects.toThrow();
    const ids = await h.db.selectFrom('clips').select('external_id').orderBy('external_id').execute();
    expect(ids.map((r) => r.external_id)).toEqual(['g1', 'g2']);
    await expectRollupsInStep(p.rootBinId);
  });

  it('moves rollups by exactly the change when clips are rated or rejected', async () => {
    await ingestPosts(h.db, [makePost('acme is great', { externalId: 'r1' }), makePost('acme is awful', { externalId: 'r2' })]);
    const ids = (await h.db.selectFrom('bin_clips').select('id').where('bin_id', '=', p.rootBinId).execute()).map((r) => Number(r.id));
    expect(await changeBinClips(h.db, ids, { favourabilityId: 2 })).toBe(2);
    await expectRollupsInStep(p.rootBinId);
    expect(await changeBinClips(h.db, [ids[0]], { rejected: true })).toBe(1);
    expect(await changeBinClips(h.db, [ids[0]], { rejected: true })).toBe(0);
    await expectRollupsInStep(p.rootBinId);
    expect((await rollupTotals(p.rootBinId)).clips).toBe(1);
  });
});

/** bin_hourly_sentiment row by row, against the same aggregate computed from scratch over bin_clips. */
async function expectSentimentExact() {
  const norm = (rows: Record<string, unknown>[]) =>
    rows
      .map(
        (r) =>
          `${r.bin_id}|${r.stream_id}|${new Date(r.hour as string).toISOString()}|${r.brand_association_id}|${r.positive}|${r.neutral}|${r.negative}|${Math.round(Number(r.ave) * 100)}`,
      )
      .sort();
  const kept = await sql<Record<string, unknown>>`
    select bin_id, stream_id, hour, brand_association_id, positive, neutral, negative, ave from bin_hourly_sentiment
     where positive <> 0 or neutral <> 0 or negative <> 0 or round(ave::numeric, 2) <> 0`.execute(h.db);
  const truth = await sql<Record<string, unknown>>`
    select bin_id, stream_id, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC' as hour,
           case when brand_association_id in (1, 2) then brand_association_id else 3 end as brand_association_id,
           count(*) filter (where favourability_id = 1)::int as positive, count(*) filter (where favourability_id = 2)::int as neutral,
           count(*) filter (where favourability_id = 3)::int as negative, sum(ave) as ave
      from bin_clips where not rejected group by 1, 2, 3, 4`.execute(h.db);
  expect(truth.rows.length).toBeGreaterThan(0);
  expect(norm(kept.rows)).toEqual(norm(truth.rows));
}

describe('the sentiment cross rollup (bin_hourly_sentiment, moved by the same statements as bin_hourly)', () => {
  it('equals a from-scratch aggregate of bin_clips after ingest, rate, reject and re-ingest', async () => {
    const posts = [
      makePost('Loving the acme summer sale!', { externalId: 'x1', likes: 3 }),
      makePost('acme broke, I want a refund', { externalId: 'x2' }),
      makePost('thanks @acmesa, acme is fine', { externalId: 'x3' }),
      makePost('Our acme winter range is here', { externalId: 'x4', author: { externalId: 'acme-1', name: 'Acme', handle: 'AcmeSA', followers: 50_000 } }),
    ];
    await ingestPosts(h.db, posts);
    await expectSentimentExact();
    const ids = (await h.db.selectFrom('bin_clips').select('id').orderBy('id').execute()).map((r) => Number(r.id));
    expect(await changeBinClips(h.db, ids.slice(0, 3), { favourabilityId: 3 })).toBeGreaterThan(0);
    await expectSentimentExact();
    expect(await changeBinClips(h.db, [ids[1], ids[3]], { rejected: true })).toBe(2);
    await expectSentimentExact();
    // Seen again with new engagement (AVE refreshed, rejected rows included) beside a new post.
    await ingestPosts(h.db, [...posts.map((p, i) => ({ ...p, likes: 100 * (i + 1), shares: 7 })), makePost('acme summer sale again', { externalId: 'x5' })]);
    await expectSentimentExact();
    expect(await changeBinClips(h.db, [ids[1]], { rejected: false })).toBe(1);
    await expectSentimentExact();
    for (const bin of [p.rootBinId, p.sortBinId, p.inputBinId]) await expectRollupsInStep(bin);
    // A rebuild from scratch gives the same rollups.
    const before = await h.db.selectFrom('bin_hourly').selectAll().orderBy('bin_id').orderBy('stream_id').orderBy('hour').execute();
    await rebuildRollups(h.db);
    await expectSentimentExact();
    const after = await h.db.selectFrom('bin_hourly').selectAll().orderBy('bin_id').orderBy('stream_id').orderBy('hour').execute();
    expect(after.map((r) => ({ ...r, ave: Math.round(Number(r.ave) * 100) }))).toEqual(
      before.filter((r) => r.clips !== 0).map((r) => ({ ...r, ave: Math.round(Number(r.ave) * 100) })),
    );
  });

  it('stays in step when one statement inserts new rows and refreshes the AVE of rows seen before', async () => {
    const post = makePost('Loving the acme summer sale!', { externalId: 's1', likes: 5 });
    await ingestPosts(h.db, [post, makePost('acme broke, refund please', { externalId: 's2' })]);
    // s1 again with more engagement (its rows' AVE moves) beside a new post (rows inserted).
    await ingestPosts(h.db, [{ ...post, likes: 900, shares: 50 }, makePost('acme summer sale again', { externalId: 's3' })]);
    for (const bin of [p.rootBinId, p.sortBinId, p.inputBinId]) {
      const cross = await sql<{ n: number; ave: number }>`
        select coalesce(sum(positive + neutral + negative), 0)::int as n, coalesce(sum(ave), 0)::float8 as ave from bin_hourly_sentiment where bin_id = ${bin}`.execute(
        h.db,
      );
      const truth = await truthFromClips(bin);
      expect(cross.rows[0].n).toBe(truth.clips);
      expect(Math.round(cross.rows[0].ave * 100)).toBe(Math.round(Number(truth.ave) * 100));
      await expectRollupsInStep(bin);
    }
  });
});

/** bin_hourly_places row by row (groups at 0 left out), against the same aggregate from scratch over bin_clips and clip_locations. */
async function expectPlacesExact(expectRows = true) {
  const norm = (rows: Record<string, unknown>[]) =>
    rows
      .map((r) => `${r.bin_id}|${r.stream_id}|${new Date(r.hour as string).toISOString()}|${r.country_code}|${r.place}|${r.latitude}|${r.longitude}|${r.clips}`)
      .sort();
  const kept = await sql<Record<string, unknown>>`
    select bin_id, stream_id, hour, country_code, place, latitude, longitude, clips from bin_hourly_places where clips <> 0`.execute(h.db);
  const truth = await sql<Record<string, unknown>>`
    select b.bin_id, b.stream_id, date_trunc('hour', b.posted_at at time zone 'UTC') at time zone 'UTC' as hour, l.country_code,
           coalesce(l.place, '') as place, max(l.latitude) as latitude, max(l.longitude) as longitude, count(*)::int as clips
      from bin_clips b join clip_locations l on l.clip_id = b.clip_id where not b.rejected group by 1, 2, 3, 4, 5`.execute(h.db);
  if (expectRows) expect(truth.rows.length).toBeGreaterThan(0);
  expect(norm(kept.rows)).toEqual(norm(truth.rows));
}

/** bin_hourly_items row by row (groups at 0 left out), against the deep dive's aggregate from scratch over bin_clips and clip_enrichment. */
async function expectItemsExact() {
  const norm = (rows: Record<string, unknown>[]) =>
    rows.map((r) => `${r.bin_id}|${r.rail}|${new Date(r.hour as string).toISOString()}|${r.stream_id}|${r.item}|${r.owned}|${r.earned}|${r.chatter}`).sort();
  const kept = await sql<Record<string, unknown>>`
    select bin_id, rail, hour, stream_id, item, owned, earned, chatter from bin_hourly_items where owned <> 0 or earned <> 0 or chatter <> 0`.execute(h.db);
  const truth = await sql<Record<string, unknown>>`
    with r as (
      select b.bin_id, b.stream_id, b.posted_at, b.brand_association_id as ba, x.rail, x.item
        from bin_clips b join clip_enrichment e on e.clip_id = b.clip_id
        cross join lateral (
          select distinct 1 as rail, v as item from unnest(e.hashtags) v
          union select distinct 2, v from unnest(e.urls) v
          union select distinct 3, v from unnest(e.handles) v
          union select distinct 4, v from unnest(e.people || e.organisations || e.places) v
          ) x
       where not b.rejected)
    select bin_id, rail, date_trunc('hour', posted_at at time zone 'UTC') at time zone 'UTC' as hour, stream_id, item,
           count(*) filter (where ba = 1)::int as owned, count(*) filter (where ba = 2)::int as earned, count(*) filter (where ba not in (1, 2))::int as chatter
      from r group by 1, 2, 3, 4, 5`.execute(h.db);
  expect(truth.rows.length).toBeGreaterThan(0);
  expect(norm(kept.rows)).toEqual(norm(truth.rows));
  // bin_daily_items (0026): the hours' rows summed by UTC day, moved by the same statements.
  const days = await sql<Record<string, unknown>>`
    select bin_id, rail, day as hour, stream_id, item, owned, earned, chatter from bin_daily_items where owned <> 0 or earned <> 0 or chatter <> 0`.execute(
    h.db,
  );
  const byDay = new Map<string, Record<string, unknown>>();
  for (const r of truth.rows) {
    const day = new Date(r.hour as string).toISOString().slice(0, 10) + 'T00:00:00.000Z';
    const k = `${r.bin_id}|${r.rail}|${day}|${r.stream_id}|${r.item}`;
    const d = byDay.get(k) ?? { ...r, hour: day, owned: 0, earned: 0, chatter: 0 };
    for (const c of ['owned', 'earned', 'chatter']) d[c] = Number(d[c]) + Number(r[c]);
    byDay.set(k, d);
  }
  expect(norm(days.rows)).toEqual(norm([...byDay.values()]));
  // The clips carrying any item of each rail: bin_hourly's columns (0026), against the same from scratch.
  const rails = await sql<Record<string, unknown>>`
    select bin_id, stream_id, hour, hashtag_posts, url_posts, handle_posts, entity_posts from bin_hourly
     where hashtag_posts <> 0 or url_posts <> 0 or handle_posts <> 0 or entity_posts <> 0`.execute(h.db);
  const railTruth = await sql<Record<string, unknown>>`
    select b.bin_id, b.stream_id, date_trunc('hour', b.posted_at at time zone 'UTC') at time zone 'UTC' as hour,
           count(*) filter (where cardinality(e.hashtags) > 0)::int as hashtag_posts, count(*) filter (where cardinality(e.urls) > 0)::int as url_posts,
           count(*) filter (where cardinality(e.handles) > 0)::int as handle_posts,
           count(*) filter (where cardinality(e.people || e.organisations || e.places) > 0)::int as entity_posts
      from bin_clips b join clip_enrichment e on e.clip_id = b.clip_id
     where not b.rejected group by 1, 2, 3
    having count(*) filter (where cardinality(e.hashtags || e.urls || e.handles || e.people || e.organisations || e.places) > 0) > 0`.execute(h.db);
  const railNorm = (rows: Record<string, unknown>[]) =>
    rows
      .map(
        (r) => `${r.bin_id}|${r.stream_id}|${new Date(r.hour as string).toISOString()}|${r.hashtag_posts}|${r.url_posts}|${r.handle_posts}|${r.entity_posts}`,
      )
      .sort();
  expect(railTruth.rows.length).toBeGreaterThan(0);
  expect(railNorm(rails.rows)).toEqual(railNorm(railTruth.rows));
}

describe("the world map's rollup (bin_hourly_places, 0023, moved by the same statements as bin_hourly)", () => {
  it('equals a from-scratch aggregate after ingest, rate, reject, a clip seen again in a new bin, restore, delete and rebuild (and so does the deep dive rollup, bin_hourly_items)', async () => {
    const author = (externalId: string, location: string) => ({ externalId, name: externalId, handle: externalId, followers: 10, location });
    const posts = [
      makePost('Loving the acme summer sale! #acme #acme #summer https://acme.co.za/deals', {
        externalId: 'm1',
        author: author('ma', 'Cape Town, South Africa'),
      }),
      makePost('acme broke, I want a refund @AcmeSA #acme', { externalId: 'm2', author: author('mb', 'Lagos'), country: 'GH' }),
      makePost('acme is fine, says Thandi in Durban #winning', { externalId: 'm3', author: author('mc', 'Cape Town, South Africa') }),
      makePost('acme somewhere #acme', { externalId: 'm4', author: author('md', 'somewhere nice'), postedAt: new Date('2024-06-02T23:59:00Z') }),
    ];
    await ingestPosts(h.db, posts);
    await expectPlacesExact();
    await expectItemsExact();
    expect((await h.db.selectFrom('clip_locations').select('clip_id').execute()).length).toBe(3);
    const ids = (await h.db.selectFrom('bin_clips').select('id').orderBy('id').execute()).map((r) => Number(r.id));
    expect(await changeBinClips(h.db, ids, { favourabilityId: 3 })).toBeGreaterThan(0);
    await expectPlacesExact();
    await expectItemsExact();
    expect(await changeBinClips(h.db, [ids[0], ids[1]], { rejected: true })).toBe(2);
    await expectPlacesExact();
    await expectItemsExact();
    // m3 again, now also in the input bin ("summer sale"): the new bin row is placed from the stored location.
    await ingestPosts(h.db, [
      { ...posts[2], body: 'acme is fine, summer sale too', likes: 99 },
      makePost('acme new', { externalId: 'm5', author: author('me', 'Cape Town, South Africa') }),
    ]);
    await expectPlacesExact();
    await expectItemsExact();
    expect(await changeBinClips(h.db, [ids[0]], { rejected: false })).toBe(1);
    await expectPlacesExact();
    await expectItemsExact();
    await h.db.deleteFrom('clips').where('external_id', '=', 'm1').execute();
    await expectPlacesExact();
    await expectItemsExact();
    const before = await sql<{ n: number }>`select count(*)::int as n from bin_hourly_places where clips <> 0`.execute(h.db);
    await rebuildRollups(h.db);
    await expectPlacesExact();
    await expectItemsExact();
    expect((await sql<{ n: number }>`select count(*)::int as n from bin_hourly_places`.execute(h.db)).rows[0].n).toBe(before.rows[0].n);
    // Rebuilt a range of whole UTC days at a time, from nothing, the rollups are the same.
    for (const t of ['bin_hourly', 'bin_hourly_sentiment', 'bin_hourly_places', 'bin_hourly_items', 'bin_daily_items'])
      await sql`delete from ${sql.table(t)}`.execute(h.db);
    const day = (d: string) => new Date(`${d}T00:00:00Z`);
    await rebuildRollups(h.db, undefined, { from: day('2024-06-02'), to: day('2024-07-01') });
    const hours = async () => (await h.db.selectFrom('bin_hourly').select('hour').execute()).map((r) => new Date(r.hour).toISOString().slice(0, 10));
    expect(new Set(await hours())).toEqual(new Set(['2024-06-02']));
    for (const [from, to] of [
      ['2024-05-01', '2024-06-01'],
      ['2024-06-01', '2024-06-02'],
    ])
      await rebuildRollups(h.db, undefined, { from: day(from), to: day(to) });
    expect(new Set(await hours())).toEqual(new Set(['2024-06-01', '2024-06-02']));
    await expectPlacesExact();
    await expectItemsExact();
    for (const bin of [p.rootBinId, p.sortBinId, p.inputBinId]) await expectRollupsInStep(bin);
    await expect(rebuildRollups(h.db, undefined, { from: new Date('2024-06-01T10:00:00Z'), to: day('2024-06-02') })).rejects.toThrow(/UTC midnight/);
  });
});

describe('hard deletes without the foreign keys of the ingestion path (0005: triggers on the parent tables)', () => {
  it('a deleted clip takes its enrichment and bin rows along, and the rollups move by exactly those rows', async () => {
    await ingestPosts(h.db, [makePost('acme broke, refund please', { externalId: 'd1' }), makePost('acme summer sale', { externalId: 'd2' })]);
    const ids = (await h.db.selectFrom('bin_clips').select('id').orderBy('id').execute()).map((r) => Number(r.id));
    await changeBinClips(h.db, [ids[0]], { rejected: true });
    await h.db.deleteFrom('clips').where('external_id', '=', 'd1').execute();
    expect(await h.db.selectFrom('clip_enrichment').select('clip_id').execute()).toHaveLength(1);
    expect(
      (await h.db.selectFrom('bin_clips').innerJoin('clips', 'clips.id', 'bin_clips.clip_id').select('external_id').execute()).every(
        (r) => r.external_id === 'd2',
      ),
    ).toBe(true);
    expect(
      (await sql<{ n: number }>`select count(*)::int as n from bin_clips b where not exists (select 1 from clips c where c.id = b.clip_id)`.execute(h.db))
        .rows[0].n,
    ).toBe(0);
    await expectSentimentExact();
    for (const bin of [p.rootBinId, p.sortBinId, p.inputBinId]) await expectRollupsInStep(bin);
  });

  it('a deleted bin takes its bin rows and rollup rows along; an author that clips name cannot be deleted', async () => {
    await ingestPosts(h.db, [makePost('acme broke, refund please', { externalId: 'd3' })]);
    await h.db.deleteFrom('bins').where('id', '=', p.sortBinId).execute();
    for (const t of ['bin_clips', 'bin_hourly', 'bin_hourly_sentiment', 'bin_hourly_places'] as const)
      expect(await h.db.selectFrom(t).select('bin_id').where('bin_id', '=', p.sortBinId).execute()).toEqual([]);
    expect((await h.db.selectFrom('bin_clips').select('bin_id').execute()).length).toBeGreaterThan(0);
    await expectSentimentExact();
    await expect(h.db.deleteFrom('authors').execute()).rejects.toThrow(/authors still named by clips/);
  });
});
