import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keyring, parseTokenKey } from '../crypto/tokens.ts';
import type { Db } from '../db/connection.ts';
import { FB_VERSION, fbPosts, startFacebookFake } from '../networks/facebook/fake.ts';
import { fakeClock, TEST_OUTBOUND } from '../ingest/connectors/fakes/harness.ts';
import { truncated, type FakeServer } from '../ingest/connectors/fakes/server.ts';
import { startXFake } from '../networks/x/fake.ts';
import { createPipeline, type PostSink } from '../ingest/pipeline.ts';
import { invalidateRules } from '../ingest/rules.ts';
import { seedProject, type SeededProject } from '../ingest/testing.ts';
import { linkBrandPage } from '../test/facebook-page.ts';
import { countRows, useMigratedDb } from '../test/harness.ts';
import { HttpClient } from '../ingest/connectors/http.ts';
import { buildConnectorSpecs, connectorQueues, runConnectorTick, scheduleConnectors, withConnectorLock, type ConnectorJobConfig } from './connectors.ts';
import { createRunner } from './runner.ts';

const keys = keyring(parseTokenKey('ab'.repeat(32)));
const lines: string[] = [];
const log = {
  info: (_: Record<string, unknown>, msg: string) => void lines.push(msg),
  warn: (_: Record<string, unknown>, msg: string) => void lines.push(msg),
};

let db: Db;
let p: SeededProject;
let x: FakeServer;
let fb: FakeServer;
let cfg: ConnectorJobConfig;

useMigratedDb((d) => (db = d));
beforeAll(async () => {
  p = await seedProject(db, {
    name: 'Brand SA',
    rules: [
      { bin: 'root', expression: 'brandsa' },
      { bin: 'root', kind: 'url', expression: 'blog.example.com/feed' },
    ],
  });
  await linkBrandPage(db, p.projectId, 'ft', keys);
  invalidateRules(db);
  x = await startXFake({ token: 'xt' });
  // The page's first answer is cut off: skipped, counted, retried.
  fb = await startFacebookFake({ token: 'ft', faults: { 'feed:first': [truncated()] } });
  // The fakes listen on 127.0.0.1: the job refuses private addresses unless its config allows them.
  cfg = { intervalMs: 60_000, xBearerToken: 'xt', baseUrls: { x: x.url, graph: fb.url + FB_VERSION }, blogFeeds: [], tokenKeys: keys, outbound: TEST_OUTBOUND };
});
afterAll(() => Promise.all([x?.close(), fb?.close()]));

const count = (table: 'clips' | 'bin_clips') => countRows(db, table);

describe('connector job', () => {
  it('builds X search from root-bin rules, a connector per tokened profile, and feeds from url rules', async () => {
    const { specs, problems } = await buildConnectorSpecs(db, cfg);
    expect(problems).toEqual([]);
    expect(specs.map((s) => s.kind).sort()).toEqual(['blog.feed', 'facebook.page', 'x.search']);
    expect(specs.find((s) => s.kind === 'facebook.page')).toMatchObject({ accessToken: 'ft', pageId: '100' });
    expect(specs.find((s) => s.kind === 'blog.feed')).toMatchObject({ feedUrl: 'https://blog.example.com/feed' });
    const noKey = await buildConnectorSpecs(db, { ...cfg, tokenKeys: keyring(parseTokenKey('cd'.repeat(32))), xBearerToken: null });
    expect(noKey.specs.map((s) => s.kind)).toEqual(['blog.feed']);
    expect(noKey.problems[0]).toMatch(/cannot be decrypted/);
  });

  it('stores clips in the project bin with rollups and cursors, and a second tick adds nothing twice', async () => {
    const run = () => runConnectorTick(db, cfg, { log, http: { ...fakeClock(), backoffMs: 1 } });
    // No blog fake here: the feed rule would send the job to the real address.
    await db.updateTable('bin_rules').set({ is_active: false }).where('kind', '=', 'url').execute();
    const first = await run();
    expect(first.map((r) => [r.connector, r.ended])).toEqual([
      ['x.search', 'done'],
      ['facebook.page', 'done'],
      // The comments of the page's posts just stored.
      ...fbPosts().map(() => ['facebook.comments', 'done']),
    ]);
    const bins = await db
      .selectFrom('bin_clips')
      .select(['stream_id', sql<number>`count(*)::int`.as('n')])
      .where('bin_id', '=', p.rootBinId)
      .groupBy('stream_id')
      .orderBy('stream_id')
      .execute();
    expect(bins).toEqual([
      { stream_id: 7, n: 10 }, // every tweet mentions @brandsa
      // The page's own posts (Owned), their inline comments and the five comments of each thread
      // (the fake serves the same five for every post): addressed to the page, Earned.
      { stream_id: 8, n: 8 + 8 + 5 },
    ]);
    const rolled = await sql<{ n: number }>`select sum(clips)::int as n from bin_hourly where bin_id = ${p.rootBinId}`.execute(db);
    expect(rolled.rows[0].n).toBe(31);
    const cursors = await db
      .selectFrom('connector_cursors')
      .select(['connector', 'key'])
      .where('connector', '!=', 'facebook.comments')
      .orderBy('connector')
      .execute();
    expect(cursors).toEqual([
      { connector: 'facebook.page', key: `project:${p.projectId}:100` }, // the profile's project's own cursor
      { connector: 'x.search', key: `project:${p.projectId}:0` },
    ]);
    const rejections = await db.selectFrom('ingest_rejections').select(['reason', 'count']).execute();
    expect(rejections).toEqual([{ reason: 'facebook.page:malformed_json', count: 1 }]);
    expect(lines.some((l) => l.startsWith('connector x.search project:') && l.includes('10 posts'))).toBe(true);

    const [clips, binClips] = [await count('clips'), await count('bin_clips')];
    const second = await run();
    // Comments are read at most every 30 minutes (collection-plan.ts): not again yet.
    expect(second.map((r) => r.connector)).toEqual(['x.search', 'facebook.page']);
    expect(second.every((r) => r.ended === 'done')).toBe(true);
    expect([await count('clips'), await count('bin_clips')]).toEqual([clips, binClips]);
    expect(x.requests.at(-1)!.query.get('since_id')).toBe('1010');
  });

  // A run killed part-way (the process ends) keeps what ended before: each instance's run reaches
  // connector_stats as it ends, not when its whole group does.
  it('records an instance that ended while another of its group is still running', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const stored = createPipeline(db).sink;
    // Facebook's posts are held in the store until the test lets go; X's go straight through.
    const sink: PostSink = async (posts, scope) => {
      if (posts.some((q) => q.streamId === 8)) await held;
      await stored(posts, scope);
    };
    await db.deleteFrom('connector_stats').execute();
    // The page is read again from its start, so its posts reach the store.
    await db.deleteFrom('connector_cursors').where('connector', '=', 'facebook.page').execute();
    const tick = runConnectorTick(db, cfg, { log, sink, http: fakeClock() });
    const xStats = () => db.selectFrom('connector_stats').select(['connector', 'runs']).where('connector', '=', 'x.search').execute();
    try {
      await expect.poll(xStats, { timeout: 5_000, interval: 50 }).toEqual([{ connector: 'x.search', runs: 1 }]);
    } finally {
      release();
      await tick;
    }
  });
});

// Each network is collected on its own queue of the job runner: a network waiting out a rate limit
// holds none of the others, turns that came due while one ran collapse into the newest, and a
// stopping worker ends a waiting turn at once.
describe('connector queues', () => {
  /** Facebook's page read answers 429 with a 15-minute Retry-After on its first page. */
  const limited = () =>
    startFacebookFake({
      token: 'ft',
      faults: {
        'feed:first': [{ status: 429, headers: { 'retry-after': '900' }, json: { error: { code: 4, message: 'Application request limit reached' } } }],
      },
    });
  let fbLimited: FakeServer;
  let clock = Date.now();
  const runnerOf = (deps: Parameters<typeof connectorQueues>[2], config = cfg) =>
    createRunner(db, {
      queues: connectorQueues(db, { ...config, baseUrls: { ...config.baseUrls, graph: fbLimited.url + FB_VERSION } }, deps),
      now: () => new Date(clock),
    });
  const xRuns = async () =>
    (
      await db
        .selectFrom('connector_stats')
        .select((eb) => eb.fn.sum<number>('runs').as('n'))
        .where('connector', '=', 'x.search')
        .executeTakeFirst()
    )?.n;

  beforeAll(async () => {
    fbLimited = await limited();
    await db.updateTable('bin_rules').set({ is_active: false }).where('kind', '=', 'url').execute();
  });
  afterAll(async () => {
    await scheduleConnectors(db, 0);
    await fbLimited?.close();
  });
  beforeEach(async () => {
    await db.deleteFrom('jobs').execute();
    await db.deleteFrom('job_schedules').execute();
    // The page is read again from its start: its first answer is the rate limit.
    await db.deleteFrom('connector_cursors').where('connector', '=', 'facebook.page').execute();
    clock = Date.now();
    await scheduleConnectors(db, 60_000, new Date(clock));
  });

  it('collects X on each of its turns while Facebook waits out a 15-minute rate limit', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let waiting = false;
    // Waits of a minute or more (the rate limit) last until the test lets go; backoffs pass at once.
    const http = new HttpClient({ outbound: TEST_OUTBOUND, timeoutMs: 2_000, sleep: (ms) => (ms >= 60_000 ? ((waiting = true), held) : Promise.resolve()) });
    const runner = runnerOf({ log, http });
    expect(await runner.fireSchedules()).toBe(7); // a turn per network
    let fbDone = false;
    const fbTurn = runner.work('connectors.facebook').then(() => (fbDone = true));
    try {
      await expect.poll(() => waiting, { timeout: 5_000, interval: 20 }).toBe(true);
      const [requests, runs] = [x.requests.length, Number(await xRuns())];
      expect(await runner.work('connectors.x')).toBe(1);
      expect(x.requests.length - requests).toBe(1);
      // Two more of X's turns come due while Facebook still waits: the older is passed over for the newer.
      for (const _ of [1, 2]) {
        clock += 61_000;
        await runner.fireSchedules();
      }
      expect(await runner.work('connectors.x')).toBe(1); // the older turn: a later one is queued, nothing read
      expect(await runner.work('connectors.x')).toBe(1);
      expect(x.requests.length - requests).toBe(2);
      expect(Number(await xRuns()) - runs).toBe(2);
      expect(fbDone).toBe(false);
    } finally {
      release();
      await fbTurn;
    }
    const page = await db.selectFrom('connector_stats').select(['runs', 'collected']).where('connector', '=', 'facebook.page').executeTakeFirstOrThrow();
    expect(Number(page.collected)).toBeGreaterThan(0); // after its wait, Facebook's turn read the page
  });

  it('ends a turn waiting out a rate limit as soon as its worker stops', async () => {
    const runner = runnerOf({ log });
    const stop = runner.start();
    await expect.poll(() => fbLimited.requests.some((r) => r.path.endsWith('/feed')), { timeout: 10_000, interval: 50 }).toBe(true);
    const t0 = Date.now();
    await stop();
    expect(Date.now() - t0).toBeLessThan(5_000); // not the 15 minutes Facebook asked for
  });

  // Another process on the same PostgreSQL holding X's turn (here this test, on a connection of its
  // own): the worker skips its turn of X and reads nothing; once the lock is free, its next turn
  // runs. PGlite is one process with a pool of one connection: the lock is not used there.
  it.runIf(!!process.env.DATABASE_URL)('takes turns with another process sharing the database', async () => {
    const runner = runnerOf({ log, http: fakeClock(), exclusive: true });
    await runner.fireSchedules();
    const before = x.requests.length;
    await withConnectorLock(db, 'x', async () => {
      expect(await runner.work('connectors.x')).toBe(1);
      expect(x.requests.length).toBe(before);
      expect(lines).toContain('connectors: another process is collecting x; this turn skipped');
    });
    clock += 61_000;
    await runner.fireSchedules();
    expect(await runner.work('connectors.x')).toBe(1);
    expect(x.requests.length - before).toBe(1);
  });
});
