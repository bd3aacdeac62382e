// A first start as main.ts runs it: the demo tenant seeded, then the background work, the demo
// corpus among it, written while /healthz and the API keep answering (docs/operations.md, "Health").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb, type DbHandle } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { createMailer } from './mail/mailer.ts';
import type { StartStatus } from './http/start-status.ts';
import { seedDemo } from './seed/demo.ts';
import { startBackground } from './startup.ts';
import { testDb } from './test/harness.ts';
import type { App } from './types.ts';

/** Longest a /healthz answer may take while the corpus is written: a probe's timeout is a second or more. */
const BOUND_MS = 500;

describe('a first start writing the demo corpus', () => {
  let h: DbHandle;
  let app: App;
  let base: string;
  let status: StartStatus = { phase: 'seeding' };
  let stop: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    // PGlite as the server runs it, on its own thread; PostgreSQL in a schema of its own.
    h = process.env.DATABASE_URL ? await testDb() : await openDb({ databaseUrl: null, dataDir: ':memory:', thread: true });
    await migrate(h.db);
    await seedDemo(h.db);
    const config = loadConfig({ WEB_DIST: '/nonexistent', DEMO_CLIPS: '8000', DEMO_DAYS: '30', SIMULATOR: '0', CONNECTOR_INTERVAL_MS: '0' });
    app = await buildApp({ db: h.db, mailer: createMailer(h.db, { smtpUrl: null, from: config.mailFrom }), config, status: () => status });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    stop = await startBackground({ db: h.db, engine: h.engine, config, log: app.log, tokenKeys: null, onStatus: (s) => (status = s) });
  }, 120_000);
  afterAll(async () => {
    await stop?.();
    await app?.close();
    await h?.close();
  });

  it('answers /healthz at once throughout: 503 with the days written, newest first, then 200', async () => {
    const took: number[] = [];
    const days: number[] = [];
    const deadline = Date.now() + 240_000;
    for (;;) {
      const asked = performance.now();
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) });
      const body = (await res.json()) as { status: string; phase?: string; demo?: { daysLoaded: number; days: number } };
      took.push(performance.now() - asked);
      if (res.status === 200) {
        expect(body).toEqual({ status: 'ok' });
        break;
      }
      expect(res.status).toBe(503);
      expect(body).toMatchObject({ status: 'starting', phase: 'demo', demo: { days: 30 } });
      days.push(body.demo!.daysLoaded);
      if (days.length === 1) {
        // The API answers meanwhile: a demo user signs in.
        const login = await fetch(`${base}/crm/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ Username: 'analyst@demo.example', Password: 'demo-password' }),
        });
        expect(login.status).toBe(200);
      }
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 25));
    }
    // Progress moves one way, and was seen part way.
    expect(days).toEqual([...days].sort((a, b) => a - b));
    expect(days.some((d) => d > 0 && d < 30)).toBe(true);
    const sorted = [...took].sort((a, b) => a - b);
    expect(sorted[sorted.length - 1], `slowest of ${took.length} answers`).toBeLessThan(BOUND_MS);
    expect(sorted[Math.floor(sorted.length / 2)], 'the median answer').toBeLessThan(100);
  }, 300_000);

  it('wrote the whole corpus, recorded as finished', async () => {
    const plan = await h.db.selectFrom('demo_corpus').selectAll().executeTakeFirstOrThrow();
    expect(plan).toMatchObject({ clips: 8000, days: 30, days_done: 30 });
    expect(plan.finished_at).not.toBeNull();
    const { n } = await h.db
      .selectFrom('clips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(8000);
  });
});
