// Two processes started with DEMO=1 on one PostgreSQL database (two API processes behind a load
// balancer, say): the demo tenant is seeded once and the demo corpus written once, each under an
// advisory lock; the second process waits for the first and tells its progress
// (docs/operations.md, "The demo's posts"). PostgreSQL only: PGlite is one process.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbHandle } from './db/connection.ts';
import type { Database } from './db/schema.ts';
import { pendingDemoCorpus, writeDemoCorpusExclusive } from './ingest/demo-corpus.ts';
import { seedDemoOnce } from './seed/demo.ts';
import { countRows, migratedTestDb } from './test/harness.ts';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('two DEMO=1 processes starting on one PostgreSQL database', () => {
  let h: DbHandle;
  // The second process: a pool of its own on the same schema.
  let other: Db;

  beforeAll(async () => {
    h = await migratedTestDb();
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(h.db);
    other = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url!, max: 5, options: `-c search_path=${rows[0].schema}` }) }),
    });
  });
  afterAll(async () => {
    await other?.destroy();
    await h?.close();
  });

  const count = (table: 'users' | 'clients' | 'clips') => countRows(h.db, table);

  it('seeds the demo tenant once: the second finds it seeded', async () => {
    const seeded = await Promise.all([seedDemoOnce(h.db), seedDemoOnce(other)]);
    expect(seeded.sort()).toEqual([false, true]);
    expect(await count('users')).toBe(3);
    const clients = await count('clients');
    // A third start later seeds nothing either.
    expect(await seedDemoOnce(other)).toBe(false);
    expect(await count('clients')).toBe(clients);
  }, 60_000);

  it('writes the demo corpus once: the second waits, telling the days written, and writes nothing', async () => {
    const want = { clips: 1200, days: 6, now: new Date() };
    const [planA, planB] = await Promise.all([pendingDemoCorpus(h.db, want), pendingDemoCorpus(other, want)]);
    expect(planA).toEqual(planB);
    const waited: number[][] = [[], []];
    const days: number[][] = [[], []];
    const results = await Promise.all(
      [h.db, other].map((db, i) => writeDemoCorpusExclusive(db, { pollMs: 20, onWaiting: (d) => waited[i].push(d), onDay: (d) => void days[i].push(d) })),
    );
    const writer = results.findIndex((r) => r !== null);
    expect(writer).toBeGreaterThanOrEqual(0);
    const waiter = 1 - writer;
    expect(results[writer]!.clips).toBe(1200);
    expect(results[waiter]).toBeNull();
    expect(days[writer]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(days[waiter]).toEqual([]);
    // The waiter told the writer's progress as it went.
    expect(waited[waiter].length).toBeGreaterThan(0);
    expect(waited[waiter]).toEqual([...waited[waiter]].sort((a, b) => a - b));
    expect(await count('clips')).toBe(1200);
    // The rollups count every clip once.
    const { rows } = await sql<{ hourly: number; clips: number }>`
      select (select coalesce(sum(clips), 0) from bin_hourly)::int as hourly, (select count(*) from bin_clips where not rejected)::int as clips`.execute(h.db);
    expect(rows[0].hourly).toBe(rows[0].clips);
    const plan = await h.db.selectFrom('demo_corpus').selectAll().executeTakeFirstOrThrow();
    expect(plan).toMatchObject({ days_done: 6 });
    expect(plan.finished_at).not.toBeNull();
  }, 120_000);

  it('lets the second write what the first left when the first stopped part way', async () => {
    await h.db.updateTable('demo_corpus').set({ days_done: 4, finished_at: null }).execute();
    // The first process is gone (its session, and so its lock, with it): the second writes the days left.
    const days: number[] = [];
    const r = await writeDemoCorpusExclusive(other, { onDay: (d) => void days.push(d) });
    expect(days).toEqual([5, 6]);
    expect(r).not.toBeNull();
    // The same days again are the same posts.
    expect(await count('clips')).toBe(1200);
  }, 120_000);
});
