// The tree view's calls: a client's folders and subfolders (subfolder/getall?clientId), and the
// clips of chosen bins in a range (clip/getall/bins with binIds), which still lists a project's
// bins for callers that send projectIds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixture, type Fixture } from '../../test/analytic-fixture.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

describe('tree view', () => {
  let t: TestContext;
  let fx: Fixture;
  let analyst: { authorization: string };
  let acmeClient: number;
  const range = 'startDate=2024-03-01&endDate=2024-03-02T23:59:59&streamIds=7,8';

  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    analyst = await authHeader(t.app, 'analyst@demo.example');
    acmeClient = (await t.db.selectFrom('projects').select('client_id').where('id', '=', fx.projectId).executeTakeFirstOrThrow()).client_id;
  });
  afterAll(() => t.close());

  const get = async (path: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/${path}`, headers: analyst });
    return { status: res.statusCode, body: res.json() };
  };

  it("lists the client's folders and subfolders, parents before children, each with its project", async () => {
    const r = await get(`subfolder/getall?clientId=${acmeClient}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const mine = r.body.filter((b: { ForeignId: number }) => b.ForeignId === fx.projectId);
    const product = mine.find((b: { Name: string }) => b.Name === 'Product mentions');
    const pricing = mine.find((b: { Name: string }) => b.Name === 'Pricing');
    expect(product).toMatchObject({ Id: fx.productBinId, ParentId: fx.rootBinId, BinTypeId: 2, ClientId: acmeClient, IsDeleted: false });
    expect(pricing.ParentId).toBe(product.Id);
    expect(mine.indexOf(product)).toBeLessThan(mine.indexOf(pricing));
    expect(mine.map((b: { Name: string }) => b.Name)).toContain('Manual uploads');
  });

  it("answers 404 for another client's folders", async () => {
    const karoo = (await t.db.selectFrom('projects').select('client_id').where('id', '=', t.projects['karoo-brand']).executeTakeFirstOrThrow()).client_id;
    expect((await get(`subfolder/getall?clientId=${karoo}`)).status).toBe(404);
  });

  it('answers the clips of the given bins in the range and streams, newest first', async () => {
    const r = await get(`clip/getall/bins?binIds=${fx.productBinId}&${range}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.Total).toBe(2);
    expect(r.body.Data.map((c: { ClipId: number; BinId: number }) => [c.ClipId, c.BinId])).toEqual([
      [fx.clip.c3, fx.productBinId],
      [fx.clip.c1, fx.productBinId],
    ]);
    const x = await get(`clip/getall/bins?binIds=${fx.productBinId}&startDate=2024-03-01&endDate=2024-03-02&streamIds=7&limit=1`);
    expect(x.body).toMatchObject({ Total: 1, Data: [{ ClipId: fx.clip.c1 }] });
    // A clip filed in two of the bins (c1 and c3: the root and Product mentions) is listed and counted once.
    const both = await get(`clip/getall/bins?binIds=${fx.rootBinId},${fx.productBinId}&${range}`);
    expect(both.body.Total).toBe(4);
    expect(both.body.Data.map((c: { ClipId: number }) => c.ClipId).sort()).toEqual([fx.clip.c1, fx.clip.c2, fx.clip.c3, fx.clip.c7].sort());
    const paged = await get(`clip/getall/bins?binIds=${fx.rootBinId},${fx.productBinId}&${range}&limit=2`);
    expect(paged.body.Total).toBe(4);
    expect(paged.body.Data).toHaveLength(2);
    const none = await get(`clip/getall/bins?binIds=${fx.productBinId}&startDate=2023-01-01&endDate=2023-01-02&streamIds=7`);
    expect(none.body).toEqual({ Data: [], Total: 0 });
  });

  it('still lists the bins of projects for callers that send projectIds', async () => {
    const r = await get(`clip/getall/bins?projectIds=${fx.projectId}`);
    expect(r.body.map((b: { Name: string }) => b.Name)).toContain('Product mentions');
  });

  it('refuses clips of bins without a range, of another client, or outside the projects named', async () => {
    const noRange = await get(`clip/getall/bins?binIds=${fx.productBinId}`);
    expect(noRange.status).toBe(400);
    expect(noRange.body.message).toContain('startDate is required with binIds');
    // projectIds beside binIds must hold the bins' project.
    expect((await get(`clip/getall/bins?binIds=${fx.productBinId}&projectIds=${fx.projectId}&${range}`)).body.Total).toBe(2);
    const other = await get(`clip/getall/bins?binIds=${fx.productBinId}&projectIds=${t.projects['acme-summer']}&${range}`);
    expect(other.status).toBe(400);
    expect(other.body.message).toContain('is not a bin of projectIds');
    expect((await get(`clip/getall/bins?binIds=${fx.productBinId}&startDate=2024-03-05&endDate=2024-03-01&streamIds=7`)).status).toBe(400);
    const karooBin = (await t.db.selectFrom('projects').select('bin_id').where('id', '=', t.projects['karoo-brand']).executeTakeFirstOrThrow()).bin_id!;
    expect((await get(`clip/getall/bins?binIds=${karooBin}&${range}`)).status).toBe(404);
  });
});
