import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { analyticSuite, insertBinPost } from '../../test/analytic-fixture.ts';
import { alertNewNarratives, growth } from './alerting.ts';
import { NARRATIVE_SEARCH_QUEUE, runSearch } from './search-job.ts';
import { find } from './service.ts';

type H = { authorization: string };

describe('narratives over the API', () => {
  const ctx = analyticSuite(['analyst']);
  const find = async (body: object, h: H = ctx.as.analyst) => {
    const res = await ctx.t.app.inject({ method: 'POST', url: '/api/narratives/find', headers: h, payload: body });
    return { status: res.statusCode, body: res.json() };
  };
  const range = { startDate: '2024-03-01', endDate: '2024-03-02', streamIds: '7,8' };

  it("reads the range's posts and answers each narrative's figures, largest first", async () => {
    const r = await find({ projectId: ctx.fx.projectId, ...range });
    expect(r.status).toBe(200);
    expect(r.body.Posts).toBeGreaterThan(0);
    expect(r.body.Sampled).toBe(false);
    const sizes = r.body.Narratives.map((n: { Posts: number }) => n.Posts);
    expect(sizes).toEqual([...sizes].sort((a: number, b: number) => b - a));
    for (const n of r.body.Narratives) {
      expect(n.PostIds).toHaveLength(n.Posts);
      expect(n.Sentiment.Positive + n.Sentiment.Neutral + n.Sentiment.Negative).toBe(n.Posts);
      expect(n.Association.Owned + n.Association.Earned + n.Association.Chatter).toBe(n.Posts);
      expect(n.Trend.map((d: { Day: string }) => d.Day)).toEqual(['2024-03-01', '2024-03-02']);
      expect(n.Representative.length).toBeLessThanOrEqual(3);
    }
  });

  it('keeps only the posts the query matches, and says in words when the query does not parse', async () => {
    const all = await find({ projectId: ctx.fx.projectId, ...range });
    const none = await find({ projectId: ctx.fx.projectId, ...range, query: 'zzzunmatchedword' });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ Posts: 0, Sampled: false, Narratives: [], Job: null });
    const cola = await find({ projectId: ctx.fx.projectId, ...range, query: 'cola OR "too high"' });
    expect(cola.body.Posts).toBeGreaterThan(0);
    expect(cola.body.Posts).toBeLessThanOrEqual(all.body.Posts);
    const bad = await find({ projectId: ctx.fx.projectId, ...range, query: 'cola AND (' });
    expect(bad.status).toBe(400);
    expect(bad.body.message ?? bad.body.Message ?? JSON.stringify(bad.body)).toMatch(/query/i);
  });
});

describe('narratives over large ranges and the alert on a new narrative', () => {
  let t: TestContext;
  let analyst: H;
  let projectId: number;
  let binId: number;
  let contactId: number;
  const user = { id: 0, isAdmin: false, sessionId: 0, actingAdminId: null };
  /** Plants two storylines in the root bin, posted through the given day. */
  const plant = async (day: string) => {
    const delivery = ['late delivery cape town order still waiting', 'delivery delay cape town again order late', 'cape town delivery late order missing'];
    const festive = ['festive promotion cola gift pack', 'cola festive promotion gift winner', 'festive gift pack promotion cola deal'];
    let n = 0;
    for (const body of [...delivery, ...delivery, ...festive, ...festive]) {
      n++;
      const author = await t.db
        .insertInto('authors')
        .values({ stream_id: 7, external_id: `nar-${day}-${n}`, name: `Author ${n}`, handle: `author${n}`, followers: 10 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const at = `${day}T${String(8 + (n % 10)).padStart(2, '0')}:00:00Z`;
      const text = `${body} ${n}`;
      await insertBinPost(t.db, { binId, projectId, streamId: 7, externalId: `nar-${day}-${n}`, authorId: Number(author.id), body: text, at });
    }
  };
  beforeAll(async () => {
    t = await createTestApp();
    projectId = t.projects['acme-brand'];
    const project = await t.db.selectFrom('projects').select(['bin_id', 'client_id']).where('id', '=', projectId).executeTakeFirstOrThrow();
    binId = project.bin_id!;
    analyst = await authHeader(t.app, 'analyst@demo.example');
    user.id = (await t.db.selectFrom('users').select('id').where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow()).id;
    contactId = (
      await t.db.selectFrom('client_contacts').select('id').where('client_id', '=', project.client_id).where('user_id', '=', user.id).executeTakeFirstOrThrow()
    ).id;
    await plant('2023-06-10');
  });
  afterAll(() => t.close());
  const body = {
    projectId: 0,
    startDate: new Date('2023-06-10T00:00:00Z'),
    endDate: new Date('2023-06-10T23:59:59Z'),
    streamIds: [7],
    query: '',
    refresh: false,
  };

  it('runs a search above the cap as one job with progress, and answers the kept result when asked again', async () => {
    body.projectId = projectId;
    const first = await find(t.db, user, body, { maxPosts: 5 });
    expect(first.Job).toMatchObject({ State: 'running', Progress: 0 });
    expect(first.Narratives).toEqual([]);
    const again = await find(t.db, user, body, { maxPosts: 5 });
    expect(again.Job!.Id).toBe(first.Job!.Id);
    const jobs = await t.db.selectFrom('jobs').select(['id', 'payload']).where('queue', '=', NARRATIVE_SEARCH_QUEUE).execute();
    expect(jobs).toHaveLength(1);
    await runSearch(t.db, { payload: jobs[0].payload, signal: new AbortController().signal, attempt: 1 });
    const done = await find(t.db, user, body, { maxPosts: 5 });
    expect(done.Job).toMatchObject({ Id: first.Job!.Id, State: 'done', Progress: 1 });
    expect(done.Posts).toBe(12);
    // Kept while fresh; made before its range ended and more than half an hour ago, asking again recomputes it.
    await t.db
      .updateTable('narrative_results')
      .set({ finished_at: new Date('2023-06-10T12:00:00Z') })
      .where('id', '=', first.Job!.Id)
      .execute();
    const stale = await find(t.db, user, body, { maxPosts: 5 });
    expect(stale.Job).toMatchObject({ Id: first.Job!.Id, State: 'running' });
    const queued = await t.db.selectFrom('jobs').select(['id', 'payload']).where('queue', '=', NARRATIVE_SEARCH_QUEUE).orderBy('id').execute();
    expect(queued).toHaveLength(2);
    await runSearch(t.db, { payload: queued[1].payload, signal: new AbortController().signal, attempt: 1 });
    const fresh = await find(t.db, user, body, { maxPosts: 5 });
    expect(fresh.Job).toMatchObject({ Id: first.Job!.Id, State: 'done', Progress: 1 });
    expect(new Date(fresh.Job!.FinishedAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // "Search again" recomputes a fresh kept answer; while it runs, asking again does not queue another.
    const again2 = await find(t.db, user, { ...body, refresh: true }, { maxPosts: 5 });
    expect(again2.Job).toMatchObject({ Id: first.Job!.Id, State: 'running', Progress: 0 });
    const refreshing = await find(t.db, user, { ...body, refresh: true }, { maxPosts: 5 });
    expect(refreshing.Job).toMatchObject({ Id: first.Job!.Id, State: 'running' });
    const requeued = await t.db.selectFrom('jobs').select(['id', 'payload']).where('queue', '=', NARRATIVE_SEARCH_QUEUE).orderBy('id').execute();
    expect(requeued).toHaveLength(3);
    await runSearch(t.db, { payload: requeued[2].payload, signal: new AbortController().signal, attempt: 1 });
    expect((await find(t.db, user, body, { maxPosts: 5 })).Job).toMatchObject({ Id: first.Job!.Id, State: 'done', Progress: 1 });
    const direct = await find(t.db, user, body);
    expect(direct.Job).toBeNull();
    expect(done.Narratives.map((n) => n.Posts)).toEqual(direct.Narratives.map((n) => n.Posts));
    const res = await t.app.inject({ method: 'GET', url: `/api/narratives/results/${first.Job!.Id}`, headers: analyst });
    expect(res.json()).toMatchObject({ State: 'done', Answer: { Posts: 12 } });
    const viewer = await authHeader(t.app, 'viewer@demo.example');
    expect((await t.app.inject({ method: 'GET', url: `/api/narratives/results/${first.Job!.Id}`, headers: viewer })).statusCode).toBe(404);
  });

  it('tells the recipients of a saved query about a new narrative by mail and bell, once, grouping every post of its range', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/narratives/queries',
      headers: analyst,
      payload: { ProjectId: projectId, Name: 'Everything', Query: '', StreamIds: '7', RangeKind: 'last7', AlertMinPosts: 3, RecipientIds: [contactId] },
    });
    expect(saved.statusCode).toBe(200);
    const now = new Date('2023-06-10T20:00:00Z');
    // Pages of 5 posts: every post of the range is read and grouped (on the worker thread), not one page's worth.
    const runs = await alertNewNarratives(t.db, { publicUrl: 'http://app.test', smtp: false, now, pageSize: 5 });
    expect(runs).toHaveLength(1);
    expect(runs[0].posts).toBeGreaterThan(5);
    expect(runs[0].narratives).toBeGreaterThanOrEqual(1);
    expect(runs[0].mails).toBe(runs[0].narratives);
    const mails = await t.db.selectFrom('mail_outbox').select(['subject', 'to']).where('subject', 'like', 'New narrative in%').execute();
    expect(mails).toHaveLength(runs[0].narratives);
    expect(
      await t.db.selectFrom('notifications').select('id').where('user_id', '=', user.id).where('description', 'like', 'New narrative in%').execute(),
    ).toHaveLength(runs[0].narratives);
    expect(await alertNewNarratives(t.db, { publicUrl: 'http://app.test', smtp: false, now })).toEqual([]);
    expect(await t.db.selectFrom('mail_outbox').select('id').where('subject', 'like', 'New narrative in%').execute()).toHaveLength(mails.length);
  });

  it('measures growth as the latest quarter of the days against the earlier days', () => {
    expect(growth([0, 0, 0, 0, 0, 0, 0, 5])).toBe(Infinity);
    expect(growth([2, 2, 2, 2, 2, 2, 4, 4])).toBe(2);
    expect(growth([0, 0, 0, 0])).toBe(0);
  });
});
