// Rejecting clips records who did it and when on the rows, and a restore undoes it: the rows come
// back into every figure and the rollups return exactly to what they were (security review).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { insertFixture, type Fixture } from '../../test/analytic-fixture.ts';

type H = { authorization: string };

describe('rejecting and restoring clips', () => {
  let t: TestContext;
  let fx: Fixture;
  let analyst: H;
  let viewer: H;
  let analystId: number;
  const range = 'startDate=2024-03-01&endDate=2024-03-02&streamIds=7,8';
  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    [analyst, viewer] = await Promise.all(['analyst', 'viewer'].map((u) => authHeader(t.app, `${u}@demo.example`)));
    analystId = (await t.db.selectFrom('users').select('id').where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'PUT', path: string, h: H = analyst, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api/${path}`, headers: h, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const q = (path: string, extra = '') => `${path}?projectId=${fx.projectId}&${range}${extra}`;
  const reject = (ids: number[], h?: H) => call('PUT', 'clip/reject', h, { binClipBaseIds: ids, projectId: fx.projectId });
  const restore = (ids: number[], h?: H) => call('PUT', 'clip/restore', h, { binClipBaseIds: ids, projectId: fx.projectId });
  const rowsOf = (clipIds: number[]) =>
    t.db
      .selectFrom('bin_clips')
      .select(['id', 'rejected', 'rejected_by', 'rejected_at'])
      .where('project_id', '=', fx.projectId)
      .where('clip_id', 'in', clipIds)
      .orderBy('id')
      .execute();
  /** Every figure of the dashboard the tests compare, and the rollup rows of the project's bins. */
  const figures = async () => {
    const reads = ['mentions/getall', 'favourability/getall', 'sentiment/getall', 'heatmap/getall', 'dailyinsights/getall', 'subfolder/getall/treeview'];
    const answers = Object.fromEntries(await Promise.all(reads.map(async (r) => [r, (await call('GET', q(r))).body] as const)));
    const bins = [fx.rootBinId, fx.productBinId];
    const hourly = await t.db.selectFrom('bin_hourly').selectAll().where('bin_id', 'in', bins).orderBy(['bin_id', 'stream_id', 'hour']).execute();
    const sentiment = await t.db
      .selectFrom('bin_hourly_sentiment')
      .selectAll()
      .where('bin_id', 'in', bins)
      .orderBy(['bin_id', 'stream_id', 'hour', 'brand_association_id'])
      .execute();
    return { answers, hourly, sentiment };
  };
  let before: Awaited<ReturnType<typeof figures>>;

  it('records who rejected and when on every row of the clip, and lists the rejected clips of the range on request', async () => {
    before = await figures();
    const start = Date.now();
    // c3 is in the root bin and in 'Product mentions'.
    expect((await reject([fx.root.c3])).body).toEqual({ Updated: 2 });
    const rows = await rowsOf([fx.clip.c3]);
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r).toMatchObject({ rejected: true, rejected_by: analystId });
      expect(r.rejected_at!.getTime()).toBeGreaterThanOrEqual(start - 1000);
      expect(r.rejected_at!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect((await call('GET', q('clip/getall'))).body.Data.map((c: { Id: number }) => c.Id)).not.toContain(fx.root.c3);
    const rejected = (await call('GET', q('clip/getall', '&rejected=true'))).body;
    expect(rejected.Data).toHaveLength(1);
    expect(rejected.Data[0]).toMatchObject({
      Id: fx.root.c3,
      ClipId: fx.clip.c3,
      RejectedBy: 'Thandi Analyst',
      RejectedAt: rows[0].rejected_at!.toISOString(),
    });
    expect((await call('GET', q('clip/getall', '&rejected=maybe'))).status).toBe(400);
  });

  it('restores: the rows count again and every figure and rollup returns exactly to what it was', async () => {
    expect((await restore([fx.root.c3])).body).toEqual({ Updated: 2 });
    expect(await rowsOf([fx.clip.c3])).toEqual(expect.arrayContaining([expect.objectContaining({ rejected: false, rejected_by: null, rejected_at: null })]));
    expect(await figures()).toEqual(before);
    expect((await call('GET', q('clip/getall', '&rejected=true'))).body.Data).toEqual([]);

    // Several clips, one of them in two bins, rejected and restored from the other bin's row.
    expect((await reject([fx.root.c1, fx.root.c2, fx.root.c7])).body).toEqual({ Updated: 4 });
    const during = await figures();
    expect(during.answers['mentions/getall']).not.toEqual(before.answers['mentions/getall']);
    expect(during.answers['favourability/getall']).not.toEqual(before.answers['favourability/getall']);
    const productRowOfC1 = (await rowsOf([fx.clip.c1])).find((r) => r.id !== fx.root.c1)!.id;
    expect((await restore([productRowOfC1, fx.root.c2, fx.root.c7])).body).toEqual({ Updated: 4 });
    expect(await figures()).toEqual(before);
    // Restoring what is not rejected changes nothing.
    expect((await restore([fx.root.c1])).body).toEqual({ Updated: 0 });
    expect(await figures()).toEqual(before);
  });

  it('keeps both in the audit log, with who did it', async () => {
    const entries = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target'])
      .where('action', 'in', ['clips.reject', 'clips.restore'])
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['clips.reject', 'clips.restore', 'clips.reject', 'clips.restore']);
    expect(entries.every((e) => e.actor_id === analystId && e.target === `project:${fx.projectId}`)).toBe(true);
  });

  it("refuses to restore with nothing selected (400), another client's clips (404) or an In-Active client's (403), changing nothing", async () => {
    await reject([fx.root.c3]);
    const empty = await restore([]);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/select clips to restore/);
    expect((await restore([fx.root.c3], viewer)).status).toBe(404);
    expect((await call('PUT', 'clip/restore', viewer, { binClipBaseIds: [fx.root.c3], projectId: t.projects['karoo-brand'] })).status).toBe(404);
    expect((await call('GET', q('clip/getall', '&rejected=true'), viewer)).status).toBe(404);
    // An In-Active client's data is read-only: a restore is a write like a reject.
    await t.db.updateTable('clients').set({ is_active: false }).where('name', '=', 'Acme Beverages').execute();
    const inactive = await restore([fx.root.c3]);
    await t.db.updateTable('clients').set({ is_active: true }).where('name', '=', 'Acme Beverages').execute();
    expect([inactive.status, inactive.body.message]).toEqual([403, 'Acme Beverages is In-Active: its data is read-only']);
    expect((await rowsOf([fx.clip.c3])).every((r) => r.rejected)).toBe(true);
  });
});
