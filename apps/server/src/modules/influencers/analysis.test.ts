// Influencer comparison and the Top Authors page over the API, on the analytic fixture: in
// 2024-03-01..02 (streams 7, 8) Alice posts c1, Bob c2 and c7, Carol c3; nothing the two days before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { insertFixture, rebuildRollups, type Fixture } from '../../test/analytic-fixture.ts';
import { forgetRangePeople } from '../../analytics/people/range-people.ts';
import { postsIndex } from '../../analytics/people/posts-index.ts';

type H = { authorization: string };

describe('influencer comparison and the Top Authors page', () => {
  let t: TestContext;
  let fx: Fixture;
  let analyst: H;
  let viewer: H;
  const entry: Record<string, number> = {};
  let karooEntry: number;

  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    [analyst, viewer] = await Promise.all([authHeader(t.app, 'analyst@demo.example'), authHeader(t.app, 'viewer@demo.example')]);
    for (const name of ['alice', 'bob', 'carol'] as const) {
      const r = await t.db
        .insertInto('influencers')
        .values({ project_id: fx.projectId, author_id: fx.authors[name], author_name: name, stream_id: name === 'carol' ? 8 : 7 })
        .returning('id')
        .executeTakeFirstOrThrow();
      entry[name] = r.id;
    }
    const k = await t.db
      .insertInto('influencers')
      .values({ project_id: t.projects['karoo-brand'], author_id: fx.authors.dave, author_name: 'Dave', stream_id: 7 })
      .returning('id')
      .executeTakeFirstOrThrow();
    karooEntry = k.id;
    // Alice on Facebook too (the same handle): one author with two accounts on the page.
    const fbAlice = await t.db
      .insertInto('authors')
      .values({ stream_id: 8, external_id: 'fx-alice-fb', name: 'Alice A', handle: '@Alice', followers: 700 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const clip = await t.db
      .insertInto('clips')
      .values({ stream_id: 8, external_id: 'fx-alice-fb-1', author_id: fbAlice.id, body: 'Acme on Facebook', posted_at: '2024-03-01T10:00:00Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('bin_clips')
      .values({ bin_id: fx.rootBinId, project_id: fx.projectId, clip_id: clip.id, stream_id: 8, posted_at: '2024-03-01T10:00:00Z', author_id: fbAlice.id })
      .execute();
    await rebuildRollups(t.db);
  });
  afterAll(() => t.close());

  const get = async (path: string, h: H = analyst) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/${path}`, headers: h });
    return { status: res.statusCode, body: res.json() };
  };
  const compare = (ids: string, extra = '') =>
    `influencercomparison/get?influencers=${ids}&fromDate=2024-03-01T00:00:00&endDate=2024-03-02T23:59:59&projectId=${fx.projectId}&streamIds=7,8${extra}`;

  it('counts clips per influencer per day bucket, with totals against the previous period', async () => {
    const { status, body } = await get(compare(`${entry.bob},${entry.alice},${entry.carol}`));
    expect(status).toBe(200);
    expect(body.Bucket).toBe('day');
    expect(body.Buckets).toEqual([
      { Date: '2024-03-01', From: '2024-03-01T00:00:00', To: '2024-03-01T23:59:59' },
      { Date: '2024-03-02', From: '2024-03-02T00:00:00', To: '2024-03-02T23:59:59' },
    ]);
    // In the order asked; Bob's c7 and Carol's c3 fall on 2 March local time.
    expect(body.Influencers.map((i: { Profile: { Id: number } }) => i.Profile.Id)).toEqual([entry.bob, entry.alice, entry.carol]);
    expect(body.Influencers.map((i: { Counts: number[] }) => i.Counts)).toEqual([
      [1, 1],
      [1, 0],
      [0, 1],
    ]);
    expect(body.Influencers[0].Total).toEqual({ Value: 2, Previous: 0 });
    expect(body.Influencers[0].Profile).toEqual({ Id: entry.bob, AuthorId: fx.authors.bob, AuthorName: 'bob', StreamId: 7 });
  });

  it('refuses more than 5 influencers, other projects’ entries and other project types', async () => {
    const six = await get(compare('1,2,3,4,5,6'));
    expect(six.status).toBe(400);
    expect(six.body.message).toMatch(/influencers has 6 ids; at most 5/);
    const other = await get(compare(`${entry.alice},${karooEntry}`));
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(`Influencer ${karooEntry} not found in project ${fx.projectId}`);
    expect((await get(compare(`${entry.alice}`), viewer)).status).toBe(404);
    const summer = await get(
      `influencercomparison/get?influencers=${entry.alice}&fromDate=2024-03-01&endDate=2024-03-02&projectId=${t.projects['acme-summer']}&streamIds=7`,
    );
    expect(summer.status).toBe(403);
    expect(summer.body.message).toMatch(/project types 1, 5 only/);
    const backwards = await get(
      `influencercomparison/get?influencers=${entry.alice}&fromDate=2024-03-02&endDate=2024-03-01&projectId=${fx.projectId}&streamIds=7`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/endDate is before fromDate/);
  });

  const page = (extra: string, project = fx.projectId) => `topauthors/page?projectId=${project}&startDate=2024-03-01&endDate=2024-03-02&streamIds=7,8${extra}`;
  type Author = { AuthorName: string; FollowerCount: number; ClipCount: number; Accounts: { StreamId: number }[] };

  it('ranks people by followers or by clips, one author per person with their accounts', async () => {
    const byFollowers = await get(page(''));
    expect(byFollowers.status).toBe(200);
    expect(byFollowers.body.Total).toBe(3);
    expect(byFollowers.body.Authors.map((a: Author) => [a.AuthorName, a.FollowerCount, a.ClipCount])).toEqual([
      ['Carol', 20_000, 1],
      ['Alice', 5700, 2],
      ['Bob', 100, 2],
    ]);
    expect(byFollowers.body.Authors[1].Accounts.map((a: { StreamId: number }) => a.StreamId)).toEqual([7, 8]);
    expect(byFollowers.body.People).toEqual({ Value: 3, Previous: 0 });
    expect(byFollowers.body.Clips).toEqual({ Value: 5, Previous: 0 });
    const byClips = await get(page('&sort=clips'));
    expect(byClips.body.Authors.map((a: Author) => a.AuthorName)).toEqual(['Alice', 'Bob', 'Carol']);
  });

  it('pages through every author without overlap', async () => {
    const first = await get(page('&pageSize=2&page=1'));
    const second = await get(page('&pageSize=2&page=2'));
    expect(first.body.Authors.map((a: Author) => a.AuthorName)).toEqual(['Carol', 'Alice']);
    expect(second.body.Authors.map((a: Author) => a.AuthorName)).toEqual(['Bob']);
    expect(second.body).toMatchObject({ Total: 3, Page: 2, PageSize: 2 });
    // Past the last page: no authors, still every author counted.
    expect((await get(page('&pageSize=2&page=3'))).body).toMatchObject({ Total: 3, Authors: [], Clips: { Value: 5, Previous: 0 } });
    expect((await get(page('&pageSize=101'))).status).toBe(400);
    expect((await get(page('&sort=likes'))).body.message).toMatch(/sort must be followers or clips/);
  });

  it("keeps the range's people between requests, and shows a rejection or a restore at once", async () => {
    const names = async () => (await get(page(''))).body.Authors.map((a: Author) => [a.AuthorName, a.ClipCount]);
    expect(await names()).toEqual([
      ['Carol', 1],
      ['Alice', 2],
      ['Bob', 2],
    ]);
    // Bob's posts rejected: the rollups move in the same statement, so the kept people are not used.
    const put = (path: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/clip/${path}`,
        headers: analyst,
        payload: { binClipBaseIds: [fx.root.c2, fx.root.c7], projectId: fx.projectId },
      });
    expect((await put('reject')).json()).toEqual({ Updated: 2 });
    expect(await names()).toEqual([
      ['Carol', 1],
      ['Alice', 2],
    ]);
    expect((await put('restore')).json()).toEqual({ Updated: 2 });
    expect(await names()).toEqual([
      ['Carol', 1],
      ['Alice', 2],
      ['Bob', 2],
    ]);
    // A change that moves no rollup (an account's followers) waits for the kept entry to lapse.
    // (Ingestion sets updated_at with every change; the posts index reads accounts changed since its last look.)
    await t.db.updateTable('authors').set({ followers: 50_000, updated_at: new Date() }).where('id', '=', fx.authors.bob).execute();
    expect((await get(page(''))).body.Authors[0].AuthorName).toBe('Carol');
    forgetRangePeople(t.db);
    postsIndex(t.db).accounts.stale();
    expect((await get(page(''))).body.Authors.map((a: Author) => [a.AuthorName, a.FollowerCount])).toEqual([
      ['Bob', 50_000],
      ['Carol', 20_000],
      ['Alice', 5700],
    ]);
    await t.db.updateTable('authors').set({ followers: 100 }).where('id', '=', fx.authors.bob).execute();
    forgetRangePeople(t.db, { index: true });
  });

  it('answers the page for project types 1 and 5 only, and 404 to another client', async () => {
    const summer = await get(page('', t.projects['acme-summer']));
    expect(summer.status).toBe(403);
    expect(summer.body.message).toMatch(/types 1, 5 only/);
    expect((await get(page(''), viewer)).status).toBe(404);
  });
});
