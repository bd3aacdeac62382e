import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { insertFixture, rebuildRollups, type Fixture } from '../../test/analytic-fixture.ts';
import { applyRetention, retentionCutoff, RETENTION_QUEUE } from './retention.ts';

type H = { authorization: string };

describe('post retention', () => {
  let t: TestContext;
  let fx: Fixture;
  let admin: H;
  let analyst: H;
  let clientId: number;
  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    [admin, analyst] = await Promise.all(['admin', 'analyst'].map((u) => authHeader(t.app, `${u}@demo.example`)));
    clientId = (await t.db.selectFrom('projects').select('client_id').where('id', '=', fx.projectId).executeTakeFirstOrThrow()).client_id;
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'PUT', path: string, h: H = admin, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api/${path}`, headers: h, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const range = (from: string, to: string) => `projectId=${fx.projectId}&startDate=${from}&endDate=${to}&streamIds=7,8`;
  const oldMentions = async () => (await call('GET', `mentions/getall?${range('2024-02-01', '2024-03-01')}`, analyst)).body;
  let mentionsBefore: unknown;
  const hourlyClips = async () =>
    Number(
      (
        await t.db
          .selectFrom('bin_hourly')
          .select((eb) => eb.fn.sum<number>('clips').as('n'))
          .where('bin_id', '=', fx.rootBinId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('keeps posts from the same day the chosen number of calendar months back, from UTC midnight', () => {
    expect(retentionCutoff(new Date('2024-05-15T13:20:00Z'), 3).toISOString()).toBe('2024-02-15T00:00:00.000Z');
    expect(retentionCutoff(new Date('2024-03-31T23:00:00Z'), 1).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(retentionCutoff(new Date('2024-01-10T00:00:00Z'), 14).toISOString()).toBe('2022-11-10T00:00:00.000Z');
  });

  it('is shown and set by administrators only, checked, audited, and a shorter setting is queued to run at once', async () => {
    expect(await call('GET', `client/${clientId}/retention`)).toEqual({
      status: 200,
      body: { ClientId: clientId, MonthsKept: null, PostsKeptFrom: null, LastRun: null },
    });
    expect((await call('GET', `client/${clientId}/retention`, analyst)).status).toBe(403);
    expect((await call('PUT', `client/${clientId}/retention`, analyst, { MonthsKept: 6 })).status).toBe(403);
    const zero = await call('PUT', `client/${clientId}/retention`, admin, { MonthsKept: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain('MonthsKept must be at least 1 month (or null to keep posts for ever)');
    expect((await call('PUT', `client/${clientId}/retention`, admin, { MonthsKept: 121 })).status).toBe(400);
    expect((await call('GET', 'client/999999/retention')).status).toBe(404);

    const set = await call('PUT', `client/${clientId}/retention`, admin, { MonthsKept: 1 });
    expect(set).toMatchObject({ status: 200, body: { MonthsKept: 1, LastRun: null } });
    const queued = await t.db.selectFrom('jobs').select('payload').where('queue', '=', RETENTION_QUEUE).execute();
    expect(queued.map((j) => j.payload)).toContainEqual({ clientId });
    const log = await t.db.selectFrom('audit_log').select(['target', 'detail']).where('action', '=', 'client.retention').execute();
    expect(log).toEqual([{ target: `client:${clientId}`, detail: { from: null, to: 1 } }]);
  });

  it('removes the posts before the cutoff in batches, keeps the hourly figures, and keeps a post something else still holds', async () => {
    // A sentiment label holds c2: its rows in the bins go, the post stays.
    await t.db.insertInto('sentiment_labels').values({ project_id: fx.projectId, clip_id: fx.clip.c2, favourability_id: 1 }).execute();
    const hourlyBefore = await hourlyClips();
    mentionsBefore = await oldMentions();
    // One month back from 2 April: posts before 2 March 2024 (UTC) go: c1 (in two bins), c2, c5, c6.
    const r = await applyRetention(t.db, clientId, { now: new Date('2024-04-02T09:00:00Z'), batch: 1 });
    expect(r).toMatchObject({ cutoff: new Date('2024-03-02T00:00:00Z'), binClipsRemoved: 5, postsRemoved: 3, finished: true });
    const left = await t.db.selectFrom('bin_clips').select('clip_id').where('bin_id', 'in', [fx.rootBinId, fx.productBinId]).execute();
    expect(new Set(left.map((b) => Number(b.clip_id)))).toEqual(new Set([fx.clip.c3, fx.clip.c4, fx.clip.c7]));
    const posts = await t.db.selectFrom('clips').select('id').where('id', 'in', Object.values(fx.clip)).execute();
    expect(new Set(posts.map((c) => Number(c.id)))).toEqual(new Set([fx.clip.c2, fx.clip.c3, fx.clip.c4, fx.clip.c7]));
    expect(await hourlyClips()).toBe(hourlyBefore);
    // A rebuild of the rollups (a repair) leaves the hours before the cutoff as they were.
    await rebuildRollups(t.db);
    expect(await hourlyClips()).toBe(hourlyBefore);

    const shown = await call('GET', `client/${clientId}/retention`);
    expect(shown.body).toMatchObject({
      MonthsKept: 1,
      PostsKeptFrom: '2024-03-02T00:00:00.000Z',
      LastRun: { Cutoff: '2024-03-02T00:00:00.000Z', BinClipsRemoved: 5, PostsRemoved: 3 },
    });
    expect(shown.body.LastRun.FinishedAt).not.toBeNull();

    // The cutoff never moves back: a run "earlier" removes nothing more and keeps the cutoff.
    const again = await applyRetention(t.db, clientId, { now: new Date('2024-03-20T00:00:00Z') });
    expect(again).toMatchObject({ cutoff: new Date('2024-03-02T00:00:00Z'), binClipsRemoved: 0, postsRemoved: 0 });
  });

  it('says so when a range of posts is wholly before the cutoff, lists the posts kept of a range that crosses it, and still charts both', async () => {
    // The cutoff, 00:00 UTC on 2 March, is 02:00 in Johannesburg: the first whole day kept there is 3 March.
    const old = await call('GET', `clip/getall?${range('2024-02-01', '2024-03-01')}`, analyst);
    expect(old.status).toBe(410);
    expect(old.body.message).toBe(
      'Posts before 2024-03-03 are no longer kept (this client keeps 1 month of posts): the charts and counts still cover that time, but its posts cannot be listed. Choose a range from 2024-03-03 on to see posts.',
    );
    expect((await call('GET', `topauthors/page?${range('2024-02-01', '2024-03-01')}`, analyst)).status).toBe(410);
    const crossing = await call('GET', `clip/getall?${range('2024-03-01', '2024-03-02')}`, analyst);
    expect(crossing.status).toBe(200);
    expect(new Set(crossing.body.Data.map((c: { Id: number }) => c.Id))).toEqual(new Set([fx.root.c3, fx.root.c7]));
    // Top Authors counts the posts kept of the crossing range: Carol (c3) and Bob (c7).
    const people = await call('GET', `topauthors/page?${range('2024-03-01', '2024-03-02')}`, analyst);
    expect(people.status).toBe(200);
    expect(people.body.Clips.Value).toBe(2);
    // The charts read the rollups, kept: the old range's mentions are what they were before its posts went.
    expect(mentionsBefore).not.toEqual([]);
    expect(await oldMentions()).toEqual(mentionsBefore);
  });
});
