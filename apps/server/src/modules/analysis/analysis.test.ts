import { describe, expect, it } from 'vitest';
import { rebuildRollups, analyticSuite, RANGE } from '../../test/analytic-fixture.ts';
import { analysisDefaultDays, toWall } from '@listening/contract';
import { ingestPosts } from '../../ingest/index.ts';
import { makePost } from '../../ingest/testing.ts';

type H = { authorization: string };

// The fixture (test/analytic-fixture.ts) in acme-brand, 1-2 March 2024 on X and Facebook: c1 positive
// earned, c2 and c7 neutral chatter, c3 negative owned; c5 (20 Feb, positive earned) is before it.
describe('analysis screens: sentiment, content classification, competitor tracking', () => {
  const range = RANGE;
  const ctx = analyticSuite(['analyst', 'viewer', 'admin']);
  const call = async (method: 'GET' | 'POST' | 'DELETE', path: string, h: H = ctx.as.analyst, payload?: object) => {
    const res = await ctx.t.app.inject({ method, url: `/api/${path}`, headers: h, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const get = (path: string, h: H = ctx.as.analyst) => call('GET', path, h);
  const q = (path: string, projectId = ctx.fx.projectId, r = range) => `${path}?projectId=${projectId}&${r}`;

  it('rates the range by sentiment: totals, the owned/earned/chatter breakdown and a line point per day', async () => {
    const { status, body } = await get(q('sentiment/rating'));
    expect(status).toBe(200);
    expect(body.Totals).toEqual({
      Positive: { Value: 1, Previous: 0 },
      Neutral: { Value: 2, Previous: 0 },
      Negative: { Value: 1, Previous: 0 },
      Total: { Value: 4, Previous: 0 },
    });
    expect(
      body.Breakdown.map((b: { Name: string; Positive: number; Neutral: number; Negative: number; Total: number }) => [
        b.Name,
        b.Positive,
        b.Neutral,
        b.Negative,
        b.Total,
      ]),
    ).toEqual([
      ['Owned', 0, 0, 1, 1],
      ['Earned', 1, 0, 0, 1],
      ['Chatter', 0, 2, 0, 2],
    ]);
    expect(body.Bucket).toBe('day');
    expect(body.Daily).toEqual([
      { Date: '2024-03-01', From: '2024-03-01T00:00:00', To: '2024-03-01T23:59:59', Label: '1 Mar 2024', Partial: false, Positive: 1, Neutral: 1, Negative: 0 },
      { Date: '2024-03-02', From: '2024-03-02T00:00:00', To: '2024-03-02T23:59:59', Label: '2 Mar 2024', Partial: false, Positive: 0, Neutral: 1, Negative: 1 },
    ]);
  });

  it('compares the headline figures with the previous range of equal length', async () => {
    // 21 Feb - 2 Mar (11 days) against 10-20 Feb, which holds c5 (positive, earned, X).
    const r = 'startDate=2024-02-21&endDate=2024-03-02&streamIds=7,8';
    const sentiment = await get(q('sentiment/rating', ctx.fx.projectId, r));
    expect(sentiment.body.Totals.Positive).toEqual({ Value: 1, Previous: 1 });
    expect(sentiment.body.Totals.Total).toEqual({ Value: 4, Previous: 1 });
    const classification = await get(q('classification/getall', ctx.fx.projectId, r));
    expect(classification.body.Cards).toEqual({
      Owned: { Value: 1, Previous: 0 },
      Earned: { Value: 1, Previous: 1 },
      Chatter: { Value: 2, Previous: 0 },
      Total: { Value: 4, Previous: 1 },
    });
  });

  it('counts owned, earned and chatter per bucket, weeks from 30 days', async () => {
    const { body } = await get(q('classification/getall'));
    expect(body.Daily.map((d: { Date: string; Owned: number; Earned: number; Chatter: number }) => [d.Date, d.Owned, d.Earned, d.Chatter])).toEqual([
      ['2024-03-01', 0, 1, 1],
      ['2024-03-02', 1, 0, 1],
    ]);
    const weeks = await get(q('classification/getall', ctx.fx.projectId, 'startDate=2024-02-05&endDate=2024-03-05&streamIds=7,8'));
    expect(weeks.body.Bucket).toBe('week');
    expect(weeks.body.Daily[0]).toMatchObject({ Date: '2024-02-05', From: '2024-02-05T00:00:00', To: '2024-02-11T23:59:59', Label: '5 Feb 2024' });
    // The project's first post is on Tuesday 20 February: the weeks before it, and the week it
    // begins in, are partial; the next whole week is not.
    expect(weeks.body.Daily.map((d: { Partial: boolean }) => d.Partial)).toEqual([true, true, true, false, true]);
    // The last week is cut by the range: two days of seven.
    expect(weeks.body.Daily.at(-1)).toMatchObject({ Date: '2024-03-04', To: '2024-03-05T23:59:59', Partial: true });
    expect(weeks.body.Daily.reduce((n: number, d: { Earned: number }) => n + d.Earned, 0)).toBe(2);
  });

  it('keeps the Sentiment screen behind its product and project types, on the server too', async () => {
    const karoo = await get(q('sentiment/rating', ctx.t.projects['karoo-brand']), ctx.as.viewer);
    expect(karoo.status).toBe(403);
    expect(karoo.body.message).toMatch(/^Sentiment is a locked product/);
    const campaign = await get(q('sentiment/rating', ctx.t.projects['acme-summer']));
    expect(campaign.status).toBe(403);
    expect(campaign.body.message).toMatch(/types 1, 5, 6, 7 only; this project is type 2/);
    // Content classification has no side-menu item and no lock: any project type.
    expect((await get(q('classification/getall', ctx.t.projects['acme-summer']))).status).toBe(200);
  });

  it("answers 404 for another client's project and 400 naming bad input", async () => {
    for (const path of ['sentiment/rating', 'classification/getall', 'competitor/getall']) expect((await get(q(path), ctx.as.viewer)).status).toBe(404);
    const bad = await get(`sentiment/rating?projectId=${ctx.fx.projectId}&startDate=2024-03-05&endDate=2024-03-02&streamIds=7`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/endDate is before startDate/);
    expect((await get(`competitor/getall?binId=${ctx.fx.rootBinId}&${range}`)).body.message).toMatch(/projectId/);
    expect((await get(`classification/getall?projectId=${ctx.fx.projectId}&startDate=2024-03-01&endDate=2024-03-02&streamIds=7,10`)).status).toBe(400);
  });

  it('puts the project and each competitor in the donut, counted in the same range and streams', async () => {
    const fizzco = ctx.t.projects['fizzco'];
    const fizzBin = (await ctx.t.db.selectFrom('projects').select('bin_id').where('id', '=', fizzco).executeTakeFirstOrThrow()).bin_id!;
    // FizzCo's bin gets c1 and c6 (Instagram, outside the streams asked for).
    for (const name of ['c1', 'c6']) {
      const row = await ctx.t.db.selectFrom('bin_clips').selectAll().where('id', '=', ctx.fx.root[name]).executeTakeFirstOrThrow();
      const { id: _id, ...rest } = row;
      await ctx.t.db
        .insertInto('bin_clips')
        .values({ ...rest, bin_id: fizzBin, project_id: fizzco })
        .execute();
    }
    await rebuildRollups(ctx.t.db);
    const { status, body } = await get(q('competitor/getall'));
    expect(status).toBe(200);
    expect(body).toEqual([
      { Name: 'Acme Cola Brand Monitoring', BinId: ctx.fx.rootBinId, ProjectId: ctx.fx.projectId, IsProject: true, Clips: { Value: 4, Previous: 0 } },
      { Name: 'FizzCo Competitor Watch', BinId: fizzBin, ProjectId: fizzco, IsProject: false, Clips: { Value: 1, Previous: 0 } },
    ]);
    const campaign = await get(q('competitor/getall', ctx.t.projects['acme-summer']));
    expect(campaign.status).toBe(403);
    expect(campaign.body.message).toMatch(/types 1, 5 only/);
  });

  it("answers competitor/getall with projectId alone, as the specification writes it, over the screen's default range and streams", async () => {
    // A post of a minute ago on X: inside yesterday-to-today in the client's zone, whatever the hour.
    await ingestPosts(ctx.t.db, [
      makePost('acme cola at the braai, ice cold', { streamId: 7, externalId: 'competitor-default-1', postedAt: new Date(Date.now() - 60_000) }),
    ]);
    const [from, to] = analysisDefaultDays(toWall(new Date(), 'Africa/Johannesburg').toISOString().slice(0, 10));
    const bare = await get(`competitor/getall?projectId=${ctx.fx.projectId}`);
    expect(bare.status).toBe(200);
    const explicit = await get(q('competitor/getall', ctx.fx.projectId, `startDate=${from}&endDate=${to}T23:59:59&streamIds=7,8,9,11`));
    expect(bare.body).toEqual(explicit.body);
    expect(bare.body[0]).toMatchObject({ IsProject: true, ProjectId: ctx.fx.projectId });
    expect(bare.body[0].Clips.Value).toBeGreaterThanOrEqual(1);
    // Streams alone, or the range alone, default the rest.
    expect((await get(`competitor/getall?projectId=${ctx.fx.projectId}&streamIds=7,8,9,11`)).body).toEqual(explicit.body);
    expect((await get(`competitor/getall?projectId=${ctx.fx.projectId}&startDate=${from}&endDate=${to}T23:59:59`)).body).toEqual(explicit.body);
    const half = await get(`competitor/getall?projectId=${ctx.fx.projectId}&startDate=${from}`);
    expect(half.status).toBe(400);
    expect(half.body.message).toMatch(/startDate and endDate go together/);
    expect((await get(`competitor/getall?projectId=${ctx.fx.projectId}`, ctx.as.viewer)).status).toBe(404);
  });

  it("lets an admin add and remove competitors among the client's own projects, and nobody else", async () => {
    const p = ctx.fx.projectId;
    const bin = async (key: string) =>
      (await ctx.t.db.selectFrom('projects').select('bin_id').where('id', '=', ctx.t.projects[key]).executeTakeFirstOrThrow()).bin_id!;
    expect((await get(`competitor/settings?projectId=${p}`)).status).toBe(403); // an analyst is no admin
    expect((await call('POST', 'competitor/add', ctx.as.analyst, { projectId: p, binId: await bin('acme-summer') })).status).toBe(403);

    const before = await get(`competitor/settings?projectId=${p}`, ctx.as.admin);
    expect(before.body.Competitors.map((c: { Name: string }) => c.Name)).toEqual(['FizzCo Competitor Watch']);
    expect(before.body.Candidates.map((c: { Name: string }) => c.Name)).toContain('Summer Refresh Campaign');
    expect(before.body.Candidates.map((c: { ProjectId: number }) => c.ProjectId)).not.toContain(ctx.t.projects['karoo-brand']);

    const added = await call('POST', 'competitor/add', ctx.as.admin, { projectId: p, binId: await bin('acme-summer') });
    expect(added.status).toBe(200);
    expect(added.body.Competitors.map((c: { Name: string }) => c.Name)).toEqual(['FizzCo Competitor Watch', 'Summer Refresh Campaign']);
    expect((await call('POST', 'competitor/add', ctx.as.admin, { projectId: p, binId: await bin('acme-summer') })).status).toBe(409);
    // Another client's project, a sub-bin, the project itself: refused, nothing saved.
    expect((await call('POST', 'competitor/add', ctx.as.admin, { projectId: p, binId: await bin('karoo-brand') })).status).toBe(404);
    expect((await call('POST', 'competitor/add', ctx.as.admin, { projectId: p, binId: ctx.fx.productBinId })).status).toBe(404);
    const self = await call('POST', 'competitor/add', ctx.as.admin, { projectId: p, binId: ctx.fx.rootBinId });
    expect(self.status).toBe(400);
    expect(self.body.message).toMatch(/its own competitor/);
    expect((await call('POST', 'competitor/add', ctx.as.admin, { projectId: p, binId: 'x' })).status).toBe(400);

    const removed = await call('DELETE', `competitor/delete?projectId=${p}&binId=${await bin('acme-summer')}`, ctx.as.admin);
    expect(removed.body.Competitors.map((c: { Name: string }) => c.Name)).toEqual(['FizzCo Competitor Watch']);
    expect((await call('DELETE', `competitor/delete?projectId=${p}&binId=${await bin('acme-summer')}`, ctx.as.admin)).status).toBe(404);
    expect((await get(`competitor/settings?projectId=${p}`, ctx.as.admin)).body).toEqual(before.body);
  });
});
