import { describe, expect, it } from 'vitest';
import { lockedProduct } from '@listening/contract';
import { analyticSuite, RANGE, rateAsAnalyst } from '../../test/analytic-fixture.ts';
import { ingestPosts } from '../../ingest/index.ts';

type H = { authorization: string };

describe('project dashboard', () => {
  const range = RANGE;
  const ctx = analyticSuite(['analyst', 'viewer']);
  const get = async (path: string, h: H = ctx.as.analyst) => {
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/${path}`, headers: h });
    return { status: res.statusCode, body: res.json() };
  };
  const q = (path: string, extra = '') => `${path}?projectId=${ctx.fx.projectId}&${range}${extra}`;

  it('counts mentions and AVE per stream with a total, only in range and in the chosen streams', async () => {
    const { status, body } = await get(q('mentions/getall'));
    expect(status).toBe(200);
    expect(body).toEqual([
      { StreamId: 7, Count: 3, AVE: 13 },
      { StreamId: 8, Count: 1, AVE: 100 },
      { StreamId: 0, Count: 4, AVE: 113 },
    ]);
  });

  it("draws the heatmap in the client's hours: a row per day, 24 cells each", async () => {
    const { body } = await get(q('heatmap/getall'));
    expect(body.Bucket).toBe('day');
    expect(body.Data).toHaveLength(48);
    const cell = (d: string, h: number) => body.Data.find((c: { Date: string; Hour: number }) => c.Date === d && c.Hour === h);
    expect(cell('2024-03-01', 10)).toMatchObject({ Count: 2, DatePosted: '2024-03-01T10:00:00' });
    expect(cell('2024-03-02', 8).Count).toBe(1);
    expect(cell('2024-03-02', 22).Count).toBe(1);
    expect(body.Data.reduce((a: number, c: { Count: number }) => a + c.Count, 0)).toBe(4);
    expect(cell('2024-03-01', 10).Color).not.toBe(cell('2024-03-01', 9).Color);
  });

  it('switches heatmap rows to weeks past 31 days and to months past 90', async () => {
    const weeks = await get(`heatmap/getall?projectId=${ctx.fx.projectId}&startDate=2024-02-01&endDate=2024-03-31&streamIds=7,8`);
    expect(weeks.body.Bucket).toBe('week');
    expect(weeks.body.Data[0].Date).toBe('2024-01-29'); // the Monday of 1 February's week
    expect(weeks.body.Data.reduce((a: number, c: { Count: number }) => a + c.Count, 0)).toBe(6); // c1 c2 c3 c4 c5 c7
    const months = await get(`heatmap/getall?projectId=${ctx.fx.projectId}&startDate=2024-01-01&endDate=2024-06-30&streamIds=7,8`);
    expect(months.body.Bucket).toBe('month');
    expect([...new Set(months.body.Data.map((c: { Date: string }) => c.Date))]).toEqual([
      '2024-01-01',
      '2024-02-01',
      '2024-03-01',
      '2024-04-01',
      '2024-05-01',
      '2024-06-01',
    ]);
  });

  it('fills daily-insight buckets, by day under 30 days and by week from 30', async () => {
    const { body } = await get(q('dailyinsights/getall'));
    expect(body).toEqual({
      Bucket: 'day',
      Data: [
        { Date: '2024-03-01', Count: 2, AVE: 12.75, Positive: 1, Neutral: 1, Negative: 0, Partial: null },
        { Date: '2024-03-02', Count: 2, AVE: 100.25, Positive: 0, Neutral: 1, Negative: 1, Partial: null },
      ],
    });
    const weeks = await get(`dailyinsights/getall?projectId=${ctx.fx.projectId}&startDate=2024-02-05&endDate=2024-03-05&streamIds=7,8`);
    expect(weeks.body.Bucket).toBe('week');
    expect(weeks.body.Data.map((d: { Date: string }) => d.Date)).toEqual(['2024-02-05', '2024-02-12', '2024-02-19', '2024-02-26', '2024-03-04']);
    expect(weeks.body.Data.map((d: { Count: number }) => d.Count)).toEqual([0, 0, 1, 5, 0]);
  });

  it('marks buckets the range cuts as partial, in daily insights and heatmap rows', async () => {
    // Monday 5 February to Tuesday 5 March: the last week has 2 of its 7 days in range. The project's
    // first post is on Tuesday 20 February (12:00 client time): nothing was collected in the two
    // weeks before, and 6 of 7 days of its own week.
    const before = { Covered: 0, Of: 7, Unit: 'day', SoFar: false, BeforeData: true };
    const weeks = await get(`dailyinsights/getall?projectId=${ctx.fx.projectId}&startDate=2024-02-05&endDate=2024-03-05&streamIds=7,8`);
    expect(weeks.body.Data.map((d: { Partial: unknown }) => d.Partial)).toEqual([
      before,
      before,
      { ...before, Covered: 6 },
      null,
      { Covered: 2, Of: 7, Unit: 'day', SoFar: false },
    ]);
    // Thursday 1 February to Sunday 31 March by week: the first row has 4 days (Thursday to Sunday),
    // but no data yet, as the next two; the last week is whole.
    const heat = await get(`heatmap/getall?projectId=${ctx.fx.projectId}&startDate=2024-02-01&endDate=2024-03-31&streamIds=7,8`);
    expect(heat.body.Partial).toEqual([
      { Date: '2024-01-29', ...before },
      { Date: '2024-02-05', ...before },
      { Date: '2024-02-12', ...before },
      { Date: '2024-02-19', ...before, Covered: 6 },
    ]);
    // A range cut at its start, after the first data: the first row has 4 days (Thursday to Sunday).
    const cut = await get(`heatmap/getall?projectId=${ctx.fx.projectId}&startDate=2024-02-29&endDate=2024-04-28&streamIds=7,8`);
    expect(cut.body.Partial).toEqual([{ Date: '2024-02-26', Covered: 4, Of: 7, Unit: 'day', SoFar: false }]);
    expect((await get(q('heatmap/getall'))).body.Partial).toEqual([]);
  });

  it('marks the bucket holding now as so far', async () => {
    // Yesterday to tomorrow (server dates, UTC) holds now in the client's zone (UTC+2) at any hour.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const qs = `startDate=${day(Date.now() - 86_400_000)}&endDate=${day(Date.now() + 86_400_000)}T23:59:59&streamIds=7,8`;
    const { body } = await get(`dailyinsights/getall?projectId=${ctx.fx.projectId}&${qs}`);
    const soFar = body.Data.filter((d: { Partial: { SoFar: boolean } | null }) => d.Partial?.SoFar);
    expect(soFar).toHaveLength(1);
    expect(soFar[0].Partial).toMatchObject({ Unit: 'hour', Of: 24 });
  });

  it('moves the change marker when a post arrives or is rated, and says whether the range holds now', async () => {
    const marker = async (qs: string) => (await get(`dashboard/changes?projectId=${ctx.fx.projectId}&${qs}`)).body as { Marker: string; Live: boolean };
    const past = await marker(range);
    expect(past.Live).toBe(false);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const live = `startDate=${day(Date.now() - 2 * 86_400_000)}&endDate=${day(Date.now() + 86_400_000)}T23:59:59&streamIds=7,8`;
    const before = await marker(live);
    expect(before.Live).toBe(true);
    expect((await marker(live)).Marker).toBe(before.Marker);

    await ingestPosts(ctx.t.db, [
      { streamId: 7, externalId: 'live-1', author: { externalId: 'live-a', name: 'Live' }, body: 'Acme cola just arrived', postedAt: new Date() },
    ]);
    const arrived = await marker(live);
    expect(arrived.Marker).not.toBe(before.Marker);

    const rate = (favourabilityId: number) => rateAsAnalyst(ctx, 'c1', favourabilityId);
    expect((await rate(3)).statusCode).toBe(200);
    expect((await marker(range)).Marker).not.toBe(past.Marker);
    // Rated back (c1 is positive in the fixture): the same figures give the same marker.
    expect((await rate(1)).statusCode).toBe(200);
    expect((await marker(range)).Marker).toBe(past.Marker);
    expect((await get(`dashboard/changes?projectId=${ctx.fx.projectId}&${range}`, ctx.as.viewer)).status).toBe(404);
  });

  it('answers favourability and the sentiment cards by brand association', async () => {
    expect((await get(q('favourability/getall'))).body.map((f: { Description: string; Count: number }) => [f.Description, f.Count])).toEqual([
      ['Positive', 1],
      ['Neutral', 2],
      ['Negative', 1],
    ]);
    const cards = (await get(q('sentiment/getall'))).body;
    expect(cards.map((c: { Name: string; Positive: number; Neutral: number; Negative: number }) => [c.Name, c.Positive, c.Neutral, c.Negative])).toEqual([
      ['Owned', 0, 0, 1],
      ['Earned', 1, 0, 0],
      ['Chatter', 0, 2, 0],
      ['All', 1, 2, 1],
    ]);
    const heat = (await get(q('heatmap/sentiment/getall'))).body;
    const cell = heat.Data.find((c: { Date: string; Hour: number }) => c.Date === '2024-03-01' && c.Hour === 10);
    expect(cell).toMatchObject({ Count: 2, Positive: 1, Neutral: 1, Negative: 0 });
  });

  it('lists top posts by impact score and top authors by followers', async () => {
    const posts = (await get(q('topposts/getall'))).body;
    expect(posts.map((p: { Id: number }) => p.Id)).toEqual([ctx.fx.root.c3, ctx.fx.root.c1, ctx.fx.root.c2, ctx.fx.root.c7]);
    expect(posts[0]).toMatchObject({ ClipId: ctx.fx.clip.c3, StreamId: 8, AuthorName: 'Carol', AVE: 100, Link: 'https://example.test/c3' });
    const authors = (await get(q('topauthors'))).body;
    expect(authors.map((a: { AuthorName: string; FollowerCount: number; ClipCount: number }) => [a.AuthorName, a.FollowerCount, a.ClipCount])).toEqual([
      ['Carol', 20_000, 1],
      ['Alice', 5000, 1],
      ['Bob', 100, 2],
    ]);
    expect((await get(q('topauthors', '&showAll=true'))).body).toHaveLength(3);
  });

  it('builds the sort-bin tree with clips in range, input bins marked 6, and scopes to a sub-bin', async () => {
    const tree = (await get(q('subfolder/getall/treeview'))).body;
    const byName = Object.fromEntries(tree.map((n: { Name: string }) => [n.Name, n]));
    expect(byName['Product mentions']).toMatchObject({ ClipCount: 2, BinTypeId: 2 });
    expect(byName['Product mentions'].Children[0]).toMatchObject({ Name: 'Pricing', ClipCount: 0 });
    expect(byName['Manual uploads'].BinTypeId).toBe(6);
    expect((await get(q('subfolder/getall/bintype', '&binTypeId=6'))).body.map((n: { Name: string }) => n.Name)).toEqual(['Manual uploads']);
    const sub = await get(`mentions/getall?binId=${ctx.fx.productBinId}&${range}`);
    expect(sub.body.at(-1)).toEqual({ StreamId: 0, Count: 2, AVE: 110.5 });
  });

  it('answers 400 naming the field for bad dates, streams and ranges', async () => {
    const bad = async (qs: string) => {
      const r = await get(`mentions/getall?${qs}`);
      expect(r.status).toBe(400);
      return r.body.message as string;
    };
    const p = `projectId=${ctx.fx.projectId}`;
    expect(await bad(`${p}&endDate=2024-03-02&streamIds=7`)).toMatch(/startDate/);
    expect(await bad(`${p}&startDate=nope&endDate=2024-03-02&streamIds=7`)).toMatch(/startDate is not a date/);
    expect(await bad(`${p}&startDate=2024-03-05&endDate=2024-03-02&streamIds=7`)).toMatch(/endDate is before startDate/);
    expect(await bad(`${p}&startDate=2022-01-01&endDate=2024-03-02&streamIds=7`)).toMatch(/longer than 400 days/);
    expect(await bad(`${p}&startDate=2024-03-01&endDate=2024-03-02&streamIds=7,10`)).toMatch(/YouTube/);
    expect(await bad(`${p}&startDate=2024-03-01&endDate=2024-03-02&streamIds=`)).toMatch(/streamIds/);
    expect(await bad(`${p}&startDate=2024-03-01&endDate=2024-03-02&streamIds=99`)).toMatch(/unknown stream 99/);
    expect(await bad(`startDate=2024-03-01&endDate=2024-03-02&streamIds=7`)).toMatch(/projectId or binId/);
    expect((await get(q('topauthors', '&showAll=maybe'))).body.message).toMatch(/showAll/);
    expect((await get(q('subfolder/getall/bintype', '&binTypeId=3'))).body.message).toMatch(/binTypeId/);
  });

  it('locks sort bins and sentiment by the same rule as the side menu, with a 403 naming the product', async () => {
    const karoo = ctx.t.projects['karoo-brand'];
    const kq = (path: string) => `${path}?projectId=${karoo}&${range}`;
    // Karoo owns no products: the dashboard's sentiment widgets are locked as the Sentiment screen (analytics/sentiment-gate.test.ts).
    for (const path of ['sentiment/getall', 'heatmap/sentiment/getall', 'favourability/getall']) expect((await get(kq(path), ctx.as.viewer)).status).toBe(403);
    const screen = await get(kq('sentiment/rating'), ctx.as.viewer);
    expect(screen.status).toBe(403);
    expect(screen.body.message).toMatch(/^Sentiment is a locked product/);
    const tree = await get(kq('subfolder/getall/treeview'), ctx.as.viewer);
    expect(tree.status).toBe(403);
    expect(tree.body.message).toMatch(/Sort Bins/);
    expect((await get(kq('mentions/getall'), ctx.as.viewer)).status).toBe(200);
    // Mzansi owns only KPSZ10: sentiment opens, sort bins stay locked.
    const mz = ctx.t.projects['mzansi-influencers'];
    expect((await get(`sentiment/getall?projectId=${mz}&${range}`)).status).toBe(200);
    expect((await get(`subfolder/getall/treeview?projectId=${mz}&${range}`)).status).toBe(403);
    expect(lockedProduct('SortBins', 6, ['KPSZ10'])).toBe('SortBins');
    expect(lockedProduct('SortBins', 6, ['CIOZ10'])).toBeNull();
    expect(lockedProduct('SortBins', 1, ['CIOZ10'])).toBe('SortBins');
  });

  it('shows top authors only for project types 1, 5, 6 and 7', async () => {
    const r = await get(`topauthors?projectId=${ctx.t.projects['acme-summer']}&${range}`);
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/types 1, 5, 6, 7/);
  });
});
