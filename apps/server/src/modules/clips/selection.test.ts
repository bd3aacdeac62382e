// The listing narrowed to named posts (binClipBaseIds): the tray's ticked posts exported, a top
// post opened in the tray, 'select all' over them. Every id must be a row of the scope's project:
// another project's answers 404 and nothing is listed, exported or changed.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_MAX_CLIPS } from '@listening/contract';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { insertFixture, type Fixture } from '../../test/analytic-fixture.ts';

type H = { authorization: string };

describe('the listing narrowed to named posts', () => {
  let t: TestContext;
  let fx: Fixture;
  let analyst: H;
  /** A post of another project of the same client, and of another client's project. */
  let otherProjectRow: number;
  let otherClientRow: number;
  const range = 'startDate=2024-03-01&endDate=2024-03-02&streamIds=7,8';

  const rowIn = async (project: string) => {
    const projectId = t.projects[project];
    const { bin_id } = await t.db.selectFrom('projects').select('bin_id').where('id', '=', projectId).executeTakeFirstOrThrow();
    const clip = await t.db
      .insertInto('clips')
      .values({ stream_id: 7, external_id: `sel-${project}`, body: `A post of ${project}`, posted_at: '2024-03-01T09:00:00Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('bin_clips')
      .values({ bin_id: bin_id!, project_id: projectId, clip_id: clip.id, stream_id: 7, posted_at: '2024-03-01T09:00:00Z', ave: 1, impact_score: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    analyst = await authHeader(t.app, 'analyst@demo.example');
    otherProjectRow = await rowIn('acme-summer');
    otherClientRow = await rowIn('karoo-brand');
  });
  afterAll(() => t.close());

  const url = (path: string, extra = '') => `/api/${path}?projectId=${fx.projectId}&${range}${extra}`;
  const exported = async (extra = '') => {
    const res = await t.app.inject({ method: 'GET', url: url('clip/listing/export', extra), headers: analyst });
    if (res.statusCode !== 200) return { status: res.statusCode, message: res.json().message as string, bodies: [] as string[] };
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Sheet1')!;
    const bodies: string[] = [];
    ws.eachRow((row, n) => n > 1 && bodies.push(String(row.getCell(3).value).slice(0, 40)));
    return { status: 200, message: '', bodies };
  };

  it('exports only the ticked posts when they are named, and the whole filter otherwise', async () => {
    const all = await exported();
    expect(all.bodies).toHaveLength(4); // c3, c7, c2, c1
    const two = await exported(`&binClipBaseIds=${fx.root.c1},${fx.root.c3}`);
    expect(two.status).toBe(200);
    expect(two.bodies).toEqual(['Price of acme is too high', 'Acme cola tastes great #acme @acmecola']);
  });

  it("answers 404 and exports nothing when a named post is another project's, of the same client or another", async () => {
    for (const other of [otherProjectRow, otherClientRow]) {
      const res = await exported(`&binClipBaseIds=${fx.root.c1},${other}`);
      expect(res.status).toBe(404);
      expect(res.message).toContain(String(other));
      expect(res.bodies).toEqual([]);
    }
    expect((await exported('&binClipBaseIds=2147483647')).status).toBe(404);
  });

  it(`refuses more than ${RATE_MAX_CLIPS} named posts, and a list that is not ids`, async () => {
    const many = Array.from({ length: RATE_MAX_CLIPS + 1 }, (_, i) => i + 1).join(',');
    const tooMany = await exported(`&binClipBaseIds=${many}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toMatch(/binClipBaseIds has 1001 ids; at most 1000/);
    expect((await exported('&binClipBaseIds=1,x')).status).toBe(400);
  });

  it('lists one named post in the tray (a top post opened), with its count', async () => {
    const res = await t.app.inject({ method: 'GET', url: url('clip/getall', `&binClipBaseIds=${fx.root.c3}`), headers: analyst });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Total: 1, HasMore: false, Data: [{ Id: fx.root.c3, ClipId: fx.clip.c3 }] });
    const other = await t.app.inject({ method: 'GET', url: url('clip/getall', `&binClipBaseIds=${otherProjectRow}`), headers: analyst });
    expect(other.statusCode).toBe(404);
  });

  it("changes only the named posts when 'select all' is used over them, and nothing when one is another project's", async () => {
    const first = (await t.app.inject({ method: 'GET', url: url('clip/getall'), headers: analyst })).json();
    const body = (ids: string) => ({
      projectId: fx.projectId,
      startDate: '2024-03-01',
      endDate: '2024-03-02',
      streamIds: '7,8',
      snapshotId: first.SnapshotId,
      binClipBaseIds: ids,
      newFavourabilityId: 3,
    });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/clip/favourability/update/matching',
      headers: analyst,
      payload: body(`${fx.root.c1},${otherProjectRow}`),
    });
    expect(refused.statusCode).toBe(404);
    const rated = await t.app.inject({ method: 'PUT', url: '/api/clip/favourability/update/matching', headers: analyst, payload: body(String(fx.root.c1)) });
    expect(rated.statusCode).toBe(200);
    const rows = await t.db.selectFrom('bin_clips').select(['id', 'favourability_id']).where('bin_id', '=', fx.rootBinId).execute();
    const fav = new Map(rows.map((r) => [Number(r.id), r.favourability_id]));
    expect(fav.get(fx.root.c1)).toBe(3);
    expect(fav.get(fx.root.c2)).toBe(2);
    expect(fav.get(fx.root.c7)).toBe(2);
  });
});
