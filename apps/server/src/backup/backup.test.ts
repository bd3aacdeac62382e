// A backup restored into a fresh database holds what the original did: every table's row count,
// a dashboard figure and the token key file. On the engine of the run: PGlite's data folder, or
// pg_dump/pg_restore between two databases of DATABASE_URL's server.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { resolveTokenKeys, TOKEN_KEY_FILE } from '../crypto/tokens.ts';
import { openDb } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { ingestPosts } from '../ingest/pipeline.ts';
import { createMailer } from '../mail/mailer.ts';
import { seedDemo } from '../seed/demo.ts';
import { authHeader } from '../test/harness.ts';
import { rollupMismatches } from '../test/rollup-check.ts';
import { backup, restore, tableCounts, type Where } from './backup.ts';

const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** A database of the run's engine: a new PostgreSQL database on DATABASE_URL's server, or a PGlite folder. */
async function freshWhere(dirs: string[], databases: string[]): Promise<Where> {
  const dataDir = temp('backup-data-');
  dirs.push(dataDir);
  const admin = process.env.DATABASE_URL;
  if (!admin) return { databaseUrl: null, dataDir };
  const name = `t_backup_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  databases.push(name);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), dataDir };
}

/** Every table's row count and the Acme project's mentions per stream, as the dashboard shows them. */
async function look(where: Where, projectKey = 'Acme Cola Brand Monitoring') {
  const h = await openDb(where);
  try {
    // Before signing in: the look's own session is not the backup's.
    const counts = await tableCounts(h.db);
    const config = loadConfig({ WEB_DIST: '/nonexistent', LOGIN_RATE_LIMIT: '1000' });
    const app = await buildApp({ db: h.db, mailer: createMailer(h.db, { smtpUrl: null, from: config.mailFrom }), config });
    await app.ready();
    const project = await h.db.selectFrom('projects').select('id').where('description', '=', projectKey).executeTakeFirstOrThrow();
    const res = await app.inject({
      url: `/api/mentions/getall?projectId=${project.id}&startDate=2024-03-01&endDate=2024-03-02&streamIds=7,8`,
      headers: await authHeader(app, 'analyst@demo.example'),
    });
    expect(res.statusCode).toBe(200);
    await app.close();
    return { counts, mentions: res.json() as unknown };
  } finally {
    await h.close();
  }
}

describe(`npm run backup and npm run restore (${process.env.DATABASE_URL ? 'PostgreSQL: pg_dump and pg_restore' : 'PGlite: the data folder'})`, () => {
  const dirs: string[] = [];
  const databases: string[] = [];
  afterAll(async () => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    if (!databases.length) return;
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    for (const name of databases) await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it('restores into a fresh database every table row for row, the dashboard figures and the token key; refuses a database that is not empty', async () => {
    const source = await freshWhere(dirs, databases);
    // The token key file the embedded mode makes; kept in DATA_DIR on PostgreSQL too when present.
    resolveTokenKeys({ tokenKey: null, tokenKeysOld: [], embedded: true, dataDir: source.dataDir });
    const h = await openDb(source);
    await migrate(h.db);
    await seedDemo(h.db);
    await ingestPosts(
      h.db,
      Array.from({ length: 40 }, (_, i) => ({
        streamId: 7 + (i % 2),
        externalId: `backup-${i}`,
        author: { externalId: `a${i % 7}`, name: `Author ${i % 7}`, handle: `author${i % 7}` },
        body: `Acme cola post ${i}`,
        postedAt: new Date(Date.UTC(2024, 2, 1, i % 24, i)),
      })),
    );
    await h.close();
    const before = await look(source);
    // As backed up: the look's sign-in added a session.
    const sh = await openDb(source);
    before.counts = await tableCounts(sh.db);
    await sh.close();
    expect(before.counts.clips).toBeGreaterThanOrEqual(40);

    const out = join(temp('backup-'), 'b1');
    dirs.push(out);
    const made = await backup(source, out);
    expect(made).toMatchObject({ engine: source.databaseUrl ? 'postgres' : 'pglite', tokenKey: true });
    await expect(backup(source, out)).rejects.toThrow('holds a backup already');

    const target = await freshWhere(dirs, databases);
    const restored = await restore(target, out);
    console.log(`backup ${made.seconds} s, restore ${restored.restoreSeconds} s (${before.counts.clips} clips, ${Object.keys(before.counts).length} tables)`);
    const after = await look(target);
    expect(after.counts).toEqual(before.counts);
    expect(after.mentions).toEqual(before.mentions);
    expect(readFileSync(join(target.dataDir, TOKEN_KEY_FILE))).toEqual(readFileSync(join(source.dataDir, TOKEN_KEY_FILE)));

    // Never over a database that holds one.
    await expect(restore(target, out)).rejects.toThrow(source.databaseUrl ? 'is not empty' : 'holds a database already');
  }, 120_000);

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL, a backup taken while ingestion runs restores one consistent moment: each post once, each bin’s rollup equal to its rows',
    async () => {
      const source = await freshWhere(dirs, databases);
      const h = await openDb(source);
      await migrate(h.db);
      await seedDemo(h.db);
      const batch = (n: number) =>
        Array.from({ length: 50 }, (_, i) => ({
          streamId: 7,
          externalId: `live-${n}-${i}`,
          author: { externalId: `a${i % 5}`, name: `Author ${i % 5}`, handle: `author${i % 5}` },
          body: `Acme cola live post ${n} ${i}`,
          postedAt: new Date(Date.UTC(2024, 2, 1, i % 24, n % 60)),
        }));
      let stop = false;
      let batches = 0;
      const ingesting = (async () => {
        while (!stop) await ingestPosts(h.db, batch(batches++));
      })();
      await new Promise((r) => setTimeout(r, 500));
      const out = join(temp('backup-'), 'live');
      dirs.push(out);
      await backup(source, out);
      const during = batches;
      stop = true;
      await ingesting;
      await h.close();
      expect(during).toBeGreaterThan(1);

      const target = await freshWhere(dirs, databases);
      await restore(target, out);
      const c = new pg.Client({ connectionString: target.databaseUrl! });
      await c.connect();
      try {
        const stored = (await c.query(`select count(*)::int as n, count(distinct external_id)::int as d from clips where external_id like 'live-%'`)).rows[0];
        expect(stored.n).toBe(stored.d);
        expect(stored.n).toBeGreaterThan(0);
        expect(stored.n).toBeLessThanOrEqual(batches * 50);
        expect(await rollupMismatches(c)).toEqual([]);
      } finally {
        await c.end();
      }
    },
    120_000,
  );
});
