import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileToken } from '../crypto/profile-tokens.ts';
import { keyring, parseTokenKey } from '../crypto/tokens.ts';
import type { DbHandle } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { FB_VERSION, fbPosts, startFacebookFake } from '../ingest/connectors/fakes/facebook.ts';
import { fakeClock, TEST_OUTBOUND } from '../ingest/connectors/fakes/harness.ts';
import { truncated, type FakeServer } from '../ingest/connectors/fakes/server.ts';
import { startXFake } from '../ingest/connectors/fakes/x.ts';
import { createPipeline, type PostSink } from '../ingest/pipeline.ts';
import { invalidateRules } from '../ingest/rules.ts';
import { seedProject, type SeededProject } from '../ingest/testing.ts';
import { testDb } from '../test/harness.ts';
import { buildConnectorSpecs, runConnectorTick, startConnectorJob, withConnectorLock, type ConnectorJobConfig } from './connectors.ts';

const keys = keyring(parseTokenKey('ab'.repeat(32)));
const lines: string[] = [];
const log = {
  info: (_: Record<string, unknown>, msg: string) => void lines.push(msg),
  warn: (_: Record<string, unknown>, msg: string) => void lines.push(msg),
};

let h: DbHandle;
let p: SeededProject;
let x: FakeServer;
let fb: FakeServer;
let cfg: ConnectorJobConfig;

beforeAll(async () => {
  h = await testDb();
  await migrate(h.db);
  p = await seedProject(h.db, {
    name: 'Brand SA',
    rules: [
      { bin: 'root', expression: 'brandsa' },
      { bin: 'root', kind: 'url', expression: 'blog.example.com/feed' },
    ],
  });
  const profile = await h.db
    .insertInto('profiles')
    .values({ project_id: p.projectId, stream_id: 8, external_id: '100', name: 'Brand SA', handle: 'brandsa' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setProfileToken(h.db, profile.id, 'ft', keys);
  invalidateRules(h.db);
  x = await startXFake({ token: 'xt' });
  // The page's first answer is cut off: skipped, counted, retried.
  fb = await startFacebookFake({ token: 'ft', faults: { 'feed:first': [truncated()] } });
  // The fakes listen on 127.0.0.1: the job refuses private addresses unless its config allows them.
  cfg = { intervalMs: 60_000, xBearerToken: 'xt', baseUrls: { x: x.url, graph: fb.url + FB_VERSION }, blogFeeds: [], tokenKeys: keys, outbound: TEST_OUTBOUND };
});
afterAll(async () => {
  await Promise.all([x?.close(), fb?.close()]);
  await h?.close();
});

const count = async (table: 'clips' | 'bin_clips') =>
  Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(h.db)).rows[0].n);

describe('connector job', () => {
  it('builds X search from root-bin rules, a connector per tokened profile, and feeds from url rules', async () => {
    const { specs, problems } = await buildConnectorSpecs(h.db, cfg);
    expect(problems).toEqual([]);
    expect(specs.map((s) => s.kind).sort()).toEqual(['blog.feed', 'facebook.page', 'x.search']);
    expect(specs.find((s) => s.kind === 'facebook.page')).toMatchObject({ accessToken: 'ft', pageId: '100' });
    expect(specs.find((s) => s.kind === 'blog.feed')).toMatchObject({ feedUrl: 'https://blog.example.com/feed' });
    const noKey = await buildConnectorSpecs(h.db, { ...cfg, tokenKeys: keyring(parseTokenKey('cd'.repeat(32))), xBearerToken: null });
    expect(noKey.specs.map((s) => s.kind)).toEqual(['blog.feed']);
    expect(noKey.problems[0]).toMatch(/cannot be decrypted/);
  });

  it('stores clips in the project bin with rollups and cursors, and a second tick adds nothing twice', async () => {
    const run = () => runConnectorTick(h.db, cfg, { log, http: { ...fakeClock(), backoffMs: 1 } });
    // No blog fake here: the feed rule would send the job to the real address.
    await h.db.updateTable('bin_rules').set({ is_active: false }).where('kind', '=', 'url').execute();
    const first = await run();
    expect(first.map((r) => [r.connector, r.ended])).toEqual([
      ['x.search', 'done'],
      ['facebook.page', 'done'],
      // The comments of the page's posts just stored.
      ...fbPosts().map(() => ['facebook.comments', 'done']),
    ]);
    const bins = await h.db
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
    const rolled = await sql<{ n: number }>`select sum(clips)::int as n from bin_hourly where bin_id = ${p.rootBinId}`.execute(h.db);
    expect(rolled.rows[0].n).toBe(31);
    const cursors = await h.db
      .selectFrom('connector_cursors')
      .select(['connector', 'key'])
      .where('connector', '!=', 'facebook.comments')
      .orderBy('connector')
      .execute();
    expect(cursors).toEqual([
      { connector: 'facebook.page', key: `project:${p.projectId}:100` }, // the profile's project's own cursor
      { connector: 'x.search', key: `project:${p.projectId}:0` },
    ]);
    const rejections = await h.db.selectFrom('ingest_rejections').select(['reason', 'count']).execute();
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
    const stored = createPipeline(h.db).sink;
    // Facebook's posts are held in the store until the test lets go; X's go straight through.
    const sink: PostSink = async (posts, scope) => {
      if (posts.some((q) => q.streamId === 8)) await held;
      await stored(posts, scope);
    };
    await h.db.deleteFrom('connector_stats').execute();
    // The page is read again from its start, so its posts reach the store.
    await h.db.deleteFrom('connector_cursors').where('connector', '=', 'facebook.page').execute();
    const tick = runConnectorTick(h.db, cfg, { log, sink, http: fakeClock() });
    const xStats = () => h.db.selectFrom('connector_stats').select(['connector', 'runs']).where('connector', '=', 'x.search').execute();
    try {
      await expect.poll(xStats, { timeout: 5_000, interval: 50 }).toEqual([{ connector: 'x.search', runs: 1 }]);
    } finally {
      release();
      await tick;
    }
  });

  it('never overlaps itself and stops cleanly', async () => {
    const before = x.requests.length;
    const job = startConnectorJob(h.db, { ...cfg, intervalMs: 3_600_000 }, { log, http: fakeClock() });
    const [a, b] = [job.runNow(), job.runNow()];
    expect(a).toBe(b); // asked while running: the same run
    await a;
    expect(x.requests.length - before).toBe(1); // one run, one search request
    await job.stop();
    await expect(job.runNow()).resolves.toEqual([]);
  });

  // Another process on the same PostgreSQL holding the run (here this test, on a connection of its
  // own): the job skips its turn and reads nothing; once the lock is free, its next turn runs.
  // PGlite is one process with a pool of one connection: the lock is not used there.
  it.runIf(!!process.env.DATABASE_URL)('takes turns with another process sharing the database', async () => {
    const before = x.requests.length;
    let job: ReturnType<typeof startConnectorJob> | undefined;
    await withConnectorLock(h.db, async () => {
      job = startConnectorJob(h.db, { ...cfg, intervalMs: 3_600_000 }, { log, http: fakeClock(), exclusive: true });
      expect(await job.runNow()).toEqual([]);
      expect(x.requests.length).toBe(before);
      expect(lines).toContain('connectors: another process is running them; this turn skipped');
    });
    const reports = await job!.runNow();
    expect(reports.map((r) => r.connector)).toContain('x.search');
    expect(x.requests.length - before).toBe(1);
    await job!.stop();
  });
});
