// A worker whose database stops while it starts its background work (db/restart.test.ts meets this
// on a real PostgreSQL restart, when the timing falls so): each start-up step that reads or writes
// waits for the database to answer again, as migrating and seeding do, instead of ending the
// process on an unhandled rejection. Here the database "stops" for chosen queries of the start.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KyselyPlugin, QueryResult, UnknownRow } from 'kysely';
import { pino } from 'pino';
import { loadConfig } from './config.ts';
import type { DbHandle } from './db/connection.ts';
import { seedDemo } from './seed/demo.ts';
import { startBackground } from './startup.ts';
import { migratedTestDb } from './test/harness.ts';

/** Fails the queries whose numbers (from 1, counted after arming) are listed, as PostgreSQL shutting down fails them. */
function stoppingDatabase(failing: Set<number>): KyselyPlugin & { seen: number } {
  const plugin = {
    seen: 0,
    transformQuery: <T>(args: { node: T }) => args.node,
    async transformResult(args: { result: QueryResult<UnknownRow> }): Promise<QueryResult<UnknownRow>> {
      plugin.seen += 1;
      if (failing.has(plugin.seen)) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      return args.result;
    },
  };
  return plugin;
}

describe('background work started while the database stops', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await migratedTestDb();
    await seedDemo(h.db);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('waits for the database at each failed step and starts the job runner, with its schedules, once it answers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The first query of the start (the demo plan), and two later ones (the jobs' declarations).
    const plugin = stoppingDatabase(new Set([1, 4, 5]));
    const config = loadConfig({ WEB_DIST: '/nonexistent', DEMO_CLIPS: '0', SIMULATOR: '0', CONNECTOR_INTERVAL_MS: '0' });
    let warned: string[];
    try {
      const stop = await startBackground({ db: h.db.withPlugin(plugin), engine: h.engine, config, log: pino({ level: 'silent' }), tokenKeys: null });
      await stop();
    } finally {
      warned = warn.mock.calls.map((c) => String(c[0]));
      warn.mockRestore();
    }
    const waited = warned.filter((m) => /the database is not answering while/.test(m));
    expect(waited).toEqual([
      expect.stringContaining('while planning the demo corpus'),
      expect.stringContaining('while declaring the jobs'),
      expect.stringContaining('while declaring the jobs'),
    ]);
    // Every schedule was declared despite the failures.
    const schedules = await h.db.selectFrom('job_schedules').select('name').execute();
    expect(schedules.map((s) => s.name)).toContain('sentiment-adapt-check');
    expect(plugin.seen).toBeGreaterThan(5);
  }, 60_000);
});
