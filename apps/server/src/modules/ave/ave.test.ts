import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeAve } from '../../ingest/ave.ts';
import { rebuildRollups } from '../../ledger/index.ts';
import { insertFixture, type Fixture } from '../../test/analytic-fixture.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };

describe("Ave calc's", () => {
  let t: TestContext;
  let fx: Fixture;
  let admin: Headers;
  let analyst: Headers;
  let viewer: Headers;
  let acme: number;
  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    // Another client's project holding the same posts: a CPM of Acme's must not revalue them there.
    const karoo = await t.db.selectFrom('projects').select('bin_id').where('id', '=', t.projects['karoo-brand']).executeTakeFirstOrThrow();
    await sql`
      insert into bin_clips (bin_id, project_id, clip_id, stream_id, posted_at, author_id, classification_id, favourability_id,
                             brand_association_id, ave, impact_score)
      select ${karoo.bin_id}, ${t.projects['karoo-brand']}, clip_id, stream_id, posted_at, author_id, classification_id, favourability_id,
             brand_association_id, ave, impact_score
        from bin_clips where project_id = ${fx.projectId} and bin_id = ${fx.rootBinId}`.execute(t.db);
    await rebuildRollups(t.db, [karoo.bin_id!]);
    [admin, analyst, viewer] = await Promise.all(['admin', 'analyst', 'viewer'].map((u) => authHeader(t.app, `${u}@demo.example`)));
    acme = (await t.db.selectFrom('projects').select('client_id').where('id', '=', fx.projectId).executeTakeFirstOrThrow()).client_id;
  });
  afterAll(() => t.close());

  const get = (h: Headers, projectId = fx.projectId) => t.app.inject({ method: 'GET', url: `/api/ave/get?projectId=${projectId}`, headers: h });
  const put = (h: Headers, payload: object) => t.app.inject({ method: 'PUT', url: '/api/ave/cpm', headers: h, payload });

  /** The client's bin_clips against the rollups: every bin's AVE in bin_hourly and bin_hourly_sentiment equals its rows'. */
  async function rollupsMatch(): Promise<void> {
    const rows = await sql<{ bin_id: number; clips: number; hourly: number; sentiment: number }>`
      select b.bin_id, b.ave as clips,
             coalesce((select sum(ave) from bin_hourly h where h.bin_id = b.bin_id), 0) as hourly,
             coalesce((select sum(ave) from bin_hourly_sentiment s where s.bin_id = b.bin_id), 0) as sentiment
        from (select bin_id, sum(ave) as ave from bin_clips where not rejected and project_id = ${fx.projectId} group by bin_id) b`.execute(t.db);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const r of rows.rows) {
      expect(Number(r.hourly)).toBeCloseTo(Number(r.clips), 6);
      expect(Number(r.sentiment)).toBeCloseTo(Number(r.clips), 6);
    }
  }

  it("shows the client's CPM per stream, the defaults, and a worked example from the project's own posts", async () => {
    const res = await get(analyst);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ClientId: acme, ClientName: 'Acme Beverages', Currency: 'ZAR', ImpressionsPerInteraction: 25, CanEdit: false });
    expect(body.Streams.find((s: { StreamId: number }) => s.StreamId === 7)).toEqual({
      StreamId: 7,
      Cpm: 35,
      DefaultCpm: 35,
      IsCustom: false,
      OrganicReach: 0.1,
      InProject: true,
    });
    expect(body.Streams.find((s: { StreamId: number }) => s.StreamId === 12).InProject).toBe(false);
    expect(body.Example).not.toBeNull();
    expect(body.Example.Interactions).toBe(body.Example.Likes + 2 * body.Example.Comments + 3 * body.Example.Shares);
    expect((await get(admin)).json().CanEdit).toBe(true);
    expect((await get(viewer)).statusCode).toBe(404);
  });

  it('lets only admins change a CPM, revalues the stored posts and keeps the rollups equal to them', async () => {
    const body = { clientId: acme, cpm: [{ streamId: 7, cpm: 50 }] };
    expect((await put(analyst, body)).statusCode).toBe(403);
    await rollupsMatch();
    const others = () => t.db.selectFrom('bin_clips').select(['id', 'ave']).where('project_id', '=', t.projects['karoo-brand']).orderBy('id').execute();
    const before = await others();
    expect(before.length).toBeGreaterThan(0);
    const res = await put(admin, body);
    expect(res.statusCode).toBe(200);
    expect(await others()).toEqual(before);
    expect(res.json().PostsRevalued).toBeGreaterThan(0);
    const stored = await t.db.selectFrom('clients').select('cpm').where('id', '=', acme).executeTakeFirstOrThrow();
    expect(stored.cpm).toEqual({ '7': 50 });
    const x = await t.db
      .selectFrom('bin_clips')
      .innerJoin('clips', 'clips.id', 'bin_clips.clip_id')
      .select(['bin_clips.ave', 'clips.impressions'])
      .where('bin_clips.project_id', '=', fx.projectId)
      .where('bin_clips.stream_id', '=', 7)
      .execute();
    for (const r of x) expect(r.ave).toBe(computeAve(Number(r.impressions), 50));
    await rollupsMatch();
    const after = (await get(analyst)).json();
    expect(after.Streams.find((s: { StreamId: number }) => s.StreamId === 7)).toMatchObject({ Cpm: 50, DefaultCpm: 35, IsCustom: true });

    // Back to the default: the custom rate goes, the posts are revalued at R35 again.
    expect((await put(admin, { clientId: acme, cpm: [{ streamId: 7, cpm: null }] })).statusCode).toBe(200);
    expect((await t.db.selectFrom('clients').select('cpm').where('id', '=', acme).executeTakeFirstOrThrow()).cpm).toBeNull();
    await rollupsMatch();
    const log = await t.db.selectFrom('audit_log').select(['action', 'target']).where('action', '=', 'client.cpm').execute();
    expect(log).toEqual([
      { action: 'client.cpm', target: `client:${acme}` },
      { action: 'client.cpm', target: `client:${acme}` },
    ]);
  });

  it('answers a CPM out of bounds with a 400 in plain words', async () => {
    const message = async (cpm: unknown, streamId: unknown = 7) => {
      const res = await put(admin, { clientId: acme, cpm: [{ streamId, cpm }] });
      expect(res.statusCode).toBe(400);
      return res.json().message;
    };
    expect(await message(-1)).toBe('cpm.0.cpm: The CPM must be R 0.00 or more');
    expect(await message(10_001)).toBe('cpm.0.cpm: The CPM must be at most R 10,000.00');
    expect(await message(12.345)).toBe('cpm.0.cpm: The CPM has more than two decimals (cents)');
    expect(await message('lots')).toBe('cpm.0.cpm: The CPM must be a number of rand');
    expect(await message(10, 99)).toBe('cpm.0.streamId: streamId must be one of 7, 8, 9, 10, 11, 12, 13');
    const twice = await put(admin, {
      clientId: acme,
      cpm: [
        { streamId: 7, cpm: 1 },
        { streamId: 7, cpm: 2 },
      ],
    });
    expect(twice.json().message).toBe('cpm names stream 7 twice');
    expect((await put(admin, { clientId: 2_000_000, cpm: [{ streamId: 7, cpm: 1 }] })).statusCode).toBe(404);
  });
});
