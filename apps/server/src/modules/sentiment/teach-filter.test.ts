// "Teach sentiment" chooses among exactly the posts the clip tray lists (docs/sentiment.md, "A
// client's own model"): the tray's whole filter, read through the listing's own filter
// (analytics/tray-filter.ts). A rating filter, a stream filter or a word keeps every post asked
// about inside it; the contract takes the listing's filter fields and nothing else.
import { PRODUCTS, TeachPostsQuery } from '@listening/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/connection.ts';
import { ingestPosts } from '../../ingest/index.ts';
import { makePost, seedProject, type SeededProject } from '../../ingest/testing.ts';
import { migratedTestDb } from '../../test/harness.ts';
import { teachPosts } from './service.ts';

const DRINKS = ['cola', 'lemonade', 'ginger beer', 'iced tea', 'tonic', 'root beer'];
const TOWNS = ['Durban', 'Soweto', 'Pretoria', 'Cape Town', 'Polokwane', 'Kimberley'];
const SAYS = [
  (d: string, t: string) => `acme ${d} in ${t} is great, love it`,
  (d: string, t: string) => `acme ${d} in ${t} is awful, never again`,
  (d: string, t: string) => `acme ${d} now on shelves in ${t}`,
  (d: string, t: string) => `not sure about acme ${d} from ${t}, maybe fine`,
];

/** Praise, blame, news and doubt about each drink in each town, on streams 7 and 8. */
function posts() {
  const out = [];
  let i = 0;
  for (const d of DRINKS)
    for (const t of TOWNS)
      for (const say of SAYS) {
        out.push(
          makePost(say(d, t), {
            externalId: `tf-${i}`,
            streamId: i % 3 === 0 ? 8 : 7,
            author: { externalId: `a${i}`, name: `Author ${i}`, handle: `author${i}`, followers: 100 },
            postedAt: new Date(Date.UTC(2024, 5, 1, 6 + (i % 12), i % 60)),
          }),
        );
        i++;
      }
  return out;
}

describe('"Teach sentiment" asks only about posts of the tray\'s filter', () => {
  let h: DbHandle;
  let p: SeededProject;
  const admin = { id: 0, isAdmin: true, sessionId: 0, actingAdminId: null };
  const teach = (extra: Record<string, string>) =>
    teachPosts(
      h.db,
      admin,
      TeachPostsQuery.parse({ projectId: String(p.projectId), startDate: '2024-06-01', endDate: '2024-06-01', streamIds: '7,8', ...extra }),
    );
  /** The bin_clips rows the answer names, as stored. */
  const rowsOf = async (ids: number[]) =>
    h.db
      .selectFrom('bin_clips')
      .innerJoin('clips', 'clips.id', 'bin_clips.clip_id')
      .select(['bin_clips.id', 'bin_clips.stream_id', 'bin_clips.favourability_id', 'bin_clips.bin_id', 'bin_clips.rejected', 'clips.body'])
      .where('bin_clips.id', 'in', ids.length ? ids : [0])
      .execute();

  beforeAll(async () => {
    h = await migratedTestDb();
    p = await seedProject(h.db, { name: 'Acme Drinks', rules: [{ bin: 'root', expression: 'acme' }] });
    await h.db
      .insertInto('client_products')
      .values(PRODUCTS.Sentiment.codes.map((product_code) => ({ client_id: p.clientId, product_code })))
      .execute();
    await ingestPosts(h.db, posts());
  }, 60_000);
  afterAll(() => h?.close());

  it('without a narrower filter, asks about posts of both streams and of more than one rating (so the filters below narrow something)', async () => {
    const r = await teach({});
    const rows = await rowsOf(r.Posts.map((x) => x.BinClipId));
    expect(r.Posts.length).toBeGreaterThan(3);
    expect(new Set(rows.map((x) => x.stream_id))).toEqual(new Set([7, 8]));
    expect(new Set(rows.map((x) => x.favourability_id)).size).toBeGreaterThan(1);
    expect(rows.some((x) => !x.body.includes('lemonade'))).toBe(true);
  });

  it('keeps a rating filter: every post asked about has that rating', async () => {
    for (const favourabilityId of [1, 2, 3]) {
      const r = await teach({ favourabilityId: String(favourabilityId) });
      const rows = await rowsOf(r.Posts.map((x) => x.BinClipId));
      expect(rows.length).toBe(r.Posts.length);
      for (const row of rows) expect(row.favourability_id, row.body).toBe(favourabilityId);
      for (const post of r.Posts) expect(post.FavourabilityId).toBe(favourabilityId);
    }
    expect((await teach({ favourabilityId: '3' })).Posts.length).toBeGreaterThan(0);
  });

  it('keeps a stream filter and a word: every post asked about is of the stream and holds the word', async () => {
    const byStream = await teach({ streamIds: '8' });
    expect(byStream.Posts.length).toBeGreaterThan(0);
    for (const post of byStream.Posts) expect(post.StreamId).toBe(8);

    const byWord = await teach({ word: 'lemonade' });
    expect(byWord.Posts.length).toBeGreaterThan(0);
    for (const post of byWord.Posts) expect(post.Body).toContain('lemonade');

    // All at once: Negative posts of stream 7 about lemonade.
    const all = await teach({ streamIds: '7', word: 'lemonade', favourabilityId: '3' });
    const rows = await rowsOf(all.Posts.map((x) => x.BinClipId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([row.stream_id, row.favourability_id, row.body.includes('lemonade')]).toEqual([7, 3, true]);
  });

  it('keeps the bin, the named posts and the rejected view of the listing', async () => {
    const named = (await teach({})).Posts.slice(0, 3).map((x) => x.BinClipId);
    const r = await teach({ binClipBaseIds: named.join(',') });
    expect(r.Posts.map((x) => x.BinClipId).sort()).toEqual([...named].sort());

    // The rejected view asks about rejected posts only, and the counted view never does.
    await h.db.updateTable('bin_clips').set({ rejected: true }).where('id', 'in', named).execute();
    const rejected = await teach({ rejected: 'true' });
    expect(rejected.Posts.map((x) => x.BinClipId).sort()).toEqual([...named].sort());
    const counted = await teach({});
    for (const post of counted.Posts) expect(named).not.toContain(post.BinClipId);
    await h.db.updateTable('bin_clips').set({ rejected: false }).where('id', 'in', named).execute();

    const bin = await teach({ binId: String(p.sortBinId), projectId: undefined as unknown as string });
    expect(bin.Posts).toEqual([]);
  });

  it("takes the listing's filter fields and answers any other parameter with a 400 naming it", () => {
    const q = { projectId: '1', startDate: '2024-06-01', endDate: '2024-06-01', streamIds: '7' };
    const bad = TeachPostsQuery.safeParse({ ...q, q: 'lemonade' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toMatch(/^'q': not a parameter of Teach sentiment \(it takes .*favourabilityId.*word.*rejected/);
    expect(TeachPostsQuery.safeParse({ ...q, favourabilityId: '3', word: 'cola', hour: '9', countryCode: 'ZA', rejected: 'false' }).success).toBe(true);
  });
});
