import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { LISTING_BODY_MAX } from '@listening/contract';
import { analyticSuite, RANGE } from '../../test/analytic-fixture.ts';
import { duplicateGroups } from './duplicates.ts';
import { onRejectionsMoved } from '../../analytics/rejections.ts';

type H = { authorization: string };

describe('clip tray, word cloud and influencer discovery', () => {
  const range = RANGE;
  const ctx = analyticSuite(['admin', 'analyst', 'viewer']);
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, h: H = ctx.as.analyst, payload?: object) => {
    const res = await ctx.t.app.inject({ method, url: `/api/${path}`, headers: h, payload });
    return { status: res.statusCode, body: res.headers['content-type']?.toString().includes('json') ? res.json() : res.rawPayload, headers: res.headers };
  };
  const get = (path: string, h?: H) => call('GET', path, h);
  const q = (path: string, extra = '') => `${path}?projectId=${ctx.fx.projectId}&${range}${extra}`;
  const favourability = async () => (await get(q('favourability/getall'))).body.map((f: { Count: number }) => f.Count);

  it('pages the listing newest first, 10 per step by default, by cursor, with an hour filter for a heatmap cell', async () => {
    const all = (await get(q('clip/getall'))).body;
    expect(all.HasMore).toBe(false);
    expect(all.Data.map((c: { Id: number }) => c.Id)).toEqual([ctx.fx.root.c3, ctx.fx.root.c7, ctx.fx.root.c2, ctx.fx.root.c1]);
    expect(all.Data[3]).toMatchObject({
      ClipId: ctx.fx.clip.c1,
      StreamId: 7,
      AuthorName: 'Alice',
      AVE: 10.5,
      FavourabilityId: 1,
      BrandAssociationId: 2,
      BinId: ctx.fx.rootBinId,
    });
    const first = (await get(q('clip/getall', '&limit=1'))).body;
    const page = (await get(q('clip/getall', `&limit=2&cursor=${first.NextCursor}&snapshotId=${first.SnapshotId}`))).body;
    expect(page.Data.map((c: { Id: number }) => c.Id)).toEqual([ctx.fx.root.c7, ctx.fx.root.c2]);
    expect(page.HasMore).toBe(true);
    const cell = (await get(q('clip/getall', '&hourStart=2024-03-01T10:00:00'))).body;
    expect(cell.Data.map((c: { Id: number }) => c.Id)).toEqual([ctx.fx.root.c2, ctx.fx.root.c1]);
    expect((await get(q('clip/getall', '&hour=22'))).body.Data.map((c: { Id: number }) => c.Id)).toEqual([ctx.fx.root.c3]);
    expect((await get(q('clip/getall', '&favourabilityId=2'))).body.Data).toHaveLength(2);
    expect((await get(q('clip/getall', '&limit=101'))).body.message).toMatch(/limit/);
  });

  it('answers clips by id in batches of at most 100, and the bins of projects', async () => {
    const byIds = (await get(`clip/getall/ids?binId=${ctx.fx.rootBinId}&clipIds=${ctx.fx.clip.c3},${ctx.fx.clip.c1}`)).body;
    expect(byIds.map((c: { Id: number }) => c.Id)).toEqual([ctx.fx.root.c3, ctx.fx.root.c1]);
    const tooMany = await get(`clip/getall/ids?binId=${ctx.fx.rootBinId}&clipIds=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/clipIds has 101 ids; at most 100/);
    const bins = (await get(`clip/getall/bins?projectIds=${ctx.fx.projectId}`)).body;
    expect(bins.map((b: { Name: string }) => b.Name)).toContain('Product mentions');
  });

  it('builds the word cloud per filter, without exclusions and with included phrases', async () => {
    const words = (await get(q('wordcloud/getall'))).body;
    expect(words.slice(0, 4)).toEqual([
      { Value: 'acme', Count: 4 },
      { Value: 'cola', Count: 3 },
      { Value: 'great', Count: 3 },
      { Value: 'tastes', Count: 3 },
    ]);
    expect((await get(q('wordcloud/getall', '&cloudFilter=%23'))).body).toEqual([{ Value: '#acme', Count: 3 }]);
    expect((await get(q('wordcloud/getall', '&cloudFilter=@'))).body).toEqual([{ Value: '@acmecola', Count: 1 }]);
    expect((await get(q('wordcloud/getall', '&cloudFilter=entities'))).body).toEqual([
      { Value: 'Acme', Count: 1 },
      { Value: 'Thandi', Count: 1 },
    ]);
    expect((await get(q('wordcloud/getall', '&cloudFilter=bad'))).body.message).toMatch(/cloudFilter/);
    // Include and exclude change data: POST with a JSON body; a GET changes nothing.
    expect((await get(`exclude?projectId=${ctx.fx.projectId}&phrase=Cola`)).status).toBe(404);
    expect((await get(`exclusions/get?projectId=${ctx.fx.projectId}`)).body).toEqual([]);
    expect((await call('POST', 'exclude', ctx.as.analyst, { projectId: ctx.fx.projectId, phrase: 'Cola' })).body).toMatchObject({
      Phrase: 'cola',
      Kind: 'exclude',
    });
    expect((await call('POST', 'include', ctx.as.analyst, { projectId: ctx.fx.projectId, phrase: 'too high' })).body).toMatchObject({
      Phrase: 'too high',
      Kind: 'include',
    });
    expect((await get(`exclusions/get?projectId=${ctx.fx.projectId}`)).body.map((p: { Phrase: string }) => p.Phrase)).toEqual(['cola']);
    const after = (await get(q('wordcloud/getall'))).body;
    expect(after.find((e: { Value: string }) => e.Value === 'cola')).toBeUndefined();
    expect(after).toContainEqual({ Value: 'too high', Count: 1, Included: true });
    const byClips = await call('POST', 'wordcloud/getall/byclips', ctx.as.analyst, {
      projectId: ctx.fx.projectId,
      startDate: '2024-03-01',
      endDate: '2024-03-02',
      streamIds: '7,8',
      prefix: '#',
      clipIds: [ctx.fx.clip.c1],
    });
    expect(byClips.body).toEqual([{ Value: '#acme', Count: 1 }]);
  });

  it('moves every figure when clips are rated, and takes rejected clips out of all of them', async () => {
    expect(await favourability()).toEqual([1, 2, 1]);
    const rated = await call('PUT', 'clip/favourability/update', ctx.as.analyst, {
      binClipBaseIds: [ctx.fx.root.c2],
      favourabilityId: 1,
      projectId: ctx.fx.projectId,
    });
    expect(rated.body).toEqual({ Updated: 1 });
    expect(await favourability()).toEqual([2, 1, 1]);
    const chatter = (await get(q('sentiment/getall'))).body.find((c: { Name: string }) => c.Name === 'Chatter');
    expect(chatter).toMatchObject({ Positive: 1, Neutral: 1, Negative: 0 });
    // c3 is in the root bin and in 'Product mentions': rejecting it in one takes it out of both.
    const said: number[][] = [];
    const stop = onRejectionsMoved(ctx.t.db, (binIds) => said.push(binIds));
    const rejected = await call('PUT', 'clip/reject', ctx.as.analyst, { binClipBaseIds: [ctx.fx.root.c3], projectId: ctx.fx.projectId });
    stop();
    expect(rejected.body).toEqual({ Updated: 2 });
    // Both bins' rejected rows moved, said once committed (for the Top Authors page's posts index).
    expect(said.map((ids) => [...ids].sort((x, y) => x - y))).toEqual([[ctx.fx.rootBinId, ctx.fx.productBinId].sort((x, y) => x - y)]);
    expect((await get(q('mentions/getall'))).body).toEqual([
      { StreamId: 7, Count: 3, AVE: 13 },
      { StreamId: 8, Count: 0, AVE: 0 },
      { StreamId: 0, Count: 3, AVE: 13 },
    ]);
    expect(await favourability()).toEqual([2, 1, 0]);
    expect((await get(q('sentiment/getall'))).body.find((c: { Name: string }) => c.Name === 'Owned').Negative).toBe(0);
    const heat = (await get(q('heatmap/getall'))).body.Data;
    expect(heat.find((c: { Date: string; Hour: number }) => c.Date === '2024-03-02' && c.Hour === 22).Count).toBe(0);
    expect((await get(q('dailyinsights/getall'))).body.Data[1]).toMatchObject({ Count: 1, Negative: 0 });
    expect((await get(q('topposts/getall'))).body.map((p: { Id: number }) => p.Id)).not.toContain(ctx.fx.root.c3);
    expect((await get(q('topauthors'))).body.map((a: { AuthorName: string }) => a.AuthorName)).not.toContain('Carol');
    expect((await get(q('clip/getall'))).body.Data.map((c: { Id: number }) => c.Id)).not.toContain(ctx.fx.root.c3);
    const tree = (await get(q('subfolder/getall/treeview'))).body;
    expect(tree.find((n: { Name: string }) => n.Name === 'Product mentions').ClipCount).toBe(1);
    // Rejecting again changes nothing.
    expect((await call('PUT', 'clip/reject', ctx.as.analyst, { binClipBaseIds: [ctx.fx.root.c3], projectId: ctx.fx.projectId })).body).toEqual({ Updated: 0 });
  });

  it('refuses to rate with nothing selected, or clips of another project, changing nothing', async () => {
    const empty = await call('PUT', 'clip/favourability/update', ctx.as.analyst, { binClipBaseIds: [], favourabilityId: 1, projectId: ctx.fx.projectId });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/Please select clips to rate/);
    expect(
      (await call('PUT', 'clip/favourability/update', ctx.as.analyst, { binClipBaseIds: [ctx.fx.root.c1], favourabilityId: 4, projectId: ctx.fx.projectId }))
        .status,
    ).toBe(400);
    const before = await favourability();
    const other = ctx.t.projects['acme-owned'];
    const wrong = await call('PUT', 'clip/favourability/update', ctx.as.analyst, {
      binClipBaseIds: [ctx.fx.root.c1, ctx.fx.root.c7],
      favourabilityId: 3,
      projectId: other,
    });
    expect(wrong.status).toBe(404);
    expect(await favourability()).toEqual(before);
  });

  it('exports the listing as a readable xlsx with the right header and the body cut at 32766', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/${q('clip/listing/export')}`, headers: ctx.as.analyst });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Listing Report - Acme Cola Brand Monitoring.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Sheet1')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Platform', 'Author', 'Body', 'Date', 'Media Value', 'Favourability', 'Impact Score', 'Link']);
    expect(ws.rowCount).toBe(4); // header + c7, c2, c1 (c3 was rejected above)
    const c2 = ws.getRow(3);
    expect(c2.getCell(1).value).toBe('X');
    expect(c2.getCell(2).value).toBe('Bob');
    expect(String(c2.getCell(3).value)).toHaveLength(LISTING_BODY_MAX);
    expect(c2.getCell(4).value).toBe('2024-03-01 10:45:00');
    expect(c2.getCell(5).value).toBe(2.25);
    expect(c2.getCell(6).value).toBe('Positive');
  });

  it('groups near-duplicate posts for admins only', async () => {
    const groups = (await get(q('clip/duplicates'), ctx.as.admin)).body;
    expect(groups).toHaveLength(1);
    expect(groups[0].Clips.map((c: { Id: number }) => c.Id).sort()).toEqual([ctx.fx.root.c1, ctx.fx.root.c7].sort());
    expect((await get(q('clip/duplicates'), ctx.as.analyst)).status).toBe(403);
    const pure = duplicateGroups(
      ['Big sale today at the store, come now', 'big SALE today at the store... come now! http://x.y', 'Something else entirely here'],
      (s) => s,
    );
    expect(pure.map((g) => g.items.length)).toEqual([2]);
  });

  it('adds, lists and removes influencers with days remaining of one year', async () => {
    const created = await call('POST', `influencer/create?projectId=${ctx.fx.projectId}&authorId=${ctx.fx.authors.alice}&authorName=Alice&streamId=7`);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ AuthorId: ctx.fx.authors.alice, AuthorName: 'Alice', StreamId: 7 });
    expect(created.body.DaysRemaining).toBeGreaterThanOrEqual(365);
    expect((await get(`influencer/getall?projectId=${ctx.fx.projectId}`)).body).toHaveLength(1);
    expect((await call('POST', `influencer/create?projectId=${ctx.fx.projectId}&authorId=999999&authorName=X&streamId=7`)).status).toBe(404);
    expect(
      (await call('POST', `influencer/create?projectId=${ctx.fx.projectId}&authorId=${ctx.fx.authors.alice}&authorName=Alice&streamId=77`)).body.message,
    ).toMatch(/streamId/);
    expect((await call('DELETE', `influencer/delete?id=${created.body.Id}`)).status).toBe(200);
    expect((await get(`influencer/getall?projectId=${ctx.fx.projectId}`)).body).toEqual([]);
    expect((await get(`influencer/getall?projectId=${ctx.t.projects['acme-summer']}`)).status).toBe(403);
  });

  it("answers 404 to another client's project, bin and clip ids on every endpoint, and changes nothing", async () => {
    const inf = (await call('POST', `influencer/create?projectId=${ctx.fx.projectId}&authorId=${ctx.fx.authors.bob}&authorName=Bob&streamId=7`)).body;
    const before = await favourability();
    const p = ctx.fx.projectId;
    const body = { projectId: p, startDate: '2024-03-01', endDate: '2024-03-02', streamIds: '7,8' };
    const cases: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['mentions', 'GET', q('mentions/getall')],
      ['mentions by bin', 'GET', `mentions/getall?binId=${ctx.fx.productBinId}&${range}`],
      ['heatmap', 'GET', q('heatmap/getall')],
      ['sentiment heatmap', 'GET', q('heatmap/sentiment/getall')],
      ['top posts', 'GET', q('topposts/getall')],
      ['top authors', 'GET', q('topauthors')],
      ['daily insights', 'GET', q('dailyinsights/getall')],
      ['favourability', 'GET', q('favourability/getall')],
      ['sentiment', 'GET', q('sentiment/getall')],
      ['treeview', 'GET', q('subfolder/getall/treeview')],
      ['bintype', 'GET', `subfolder/getall/bintype?binId=${ctx.fx.rootBinId}&${range}`],
      ['word cloud', 'GET', q('wordcloud/getall')],
      ['word cloud by clips', 'POST', 'wordcloud/getall/byclips', body],
      ['exclusions', 'GET', `exclusions/get?projectId=${p}`],
      ['include', 'POST', 'include', { projectId: p, phrase: 'hack' }],
      ['exclude', 'POST', 'exclude', { projectId: p, phrase: 'hack' }],
      ['clips', 'GET', q('clip/getall')],
      ['clips by id', 'GET', `clip/getall/ids?binId=${ctx.fx.rootBinId}&clipIds=${ctx.fx.clip.c1}`],
      ['bins', 'GET', `clip/getall/bins?projectIds=${p}`],
      ['rate', 'PUT', 'clip/favourability/update', { binClipBaseIds: [ctx.fx.root.c1], favourabilityId: 3, projectId: p }],
      ['reject', 'PUT', 'clip/reject', { binClipBaseIds: [ctx.fx.root.c1], projectId: p }],
      ['restore', 'PUT', 'clip/restore', { binClipBaseIds: [ctx.fx.root.c1], projectId: p }],
      ['rejected clips', 'GET', q('clip/getall', '&rejected=true')],
      ['export', 'GET', q('clip/listing/export')],
      ['influencers', 'GET', `influencer/getall?projectId=${p}`],
      ['add influencer', 'POST', `influencer/create?projectId=${p}&authorId=${ctx.fx.authors.alice}&authorName=A&streamId=7`],
      ['remove influencer', 'DELETE', `influencer/delete?id=${inf.Id}`],
    ];
    for (const [name, method, path, payload] of cases) {
      const r = await call(method, path, ctx.as.viewer, payload);
      expect({ name, status: r.status }).toEqual({ name, status: 404 });
      expect(JSON.stringify(r.body)).not.toContain('Acme');
    }
    // Karoo's own clip ids in Acme's project: refused too.
    expect((await call('PUT', 'clip/reject', ctx.as.viewer, { binClipBaseIds: [ctx.fx.root.c1], projectId: ctx.t.projects['karoo-brand'] })).status).toBe(404);
    expect((await get(q('clip/duplicates'), ctx.as.viewer)).status).toBe(403);
    expect(await favourability()).toEqual(before);
    expect((await get(`influencer/getall?projectId=${p}`)).body).toHaveLength(1);
    expect((await get(`exclusions/get?projectId=${p}`)).body.map((x: { Phrase: string }) => x.Phrase)).not.toContain('hack');
  });
});
