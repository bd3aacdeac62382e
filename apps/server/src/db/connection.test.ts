// A PostgreSQL connection that dies (a restart, pg_terminate_backend, a dropped database) must
// not end the process: the pool drops it and the next query opens a new one. Runs on
// DATABASE_URL only (npm run test:pg); PGlite has no connections to lose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { openDb, type DbHandle } from './connection.ts';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('PostgreSQL connections that die', () => {
  let h: DbHandle;
  let killer: pg.Client;
  const lost: Error[] = [];

  beforeAll(async () => {
    h = await openDb({ databaseUrl: url!, dataDir: '', onConnectionError: (err) => lost.push(err) });
    killer = new pg.Client({ connectionString: url });
    await killer.connect();
  });
  afterAll(async () => {
    await killer.end();
    await h?.close();
  });

  const backend = async (db = h.db) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0].pid;
  const terminate = (pid: number) => killer.query('select pg_terminate_backend($1)', [pid]);
  const until = async (cond: () => boolean) => {
    for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(cond()).toBe(true);
  };

  it('an idle connection terminated in the pool is reported, dropped and replaced by the next query', async () => {
    const before = await backend();
    const n = lost.length;
    await terminate(before);
    await until(() => lost.length > n);
    expect(lost.at(-1)!.message).toMatch(/terminat/);
    const after = await backend();
    expect(after).not.toBe(before);
  });

  it('a connection terminated while checked out (inside a transaction) fails that transaction only', async () => {
    const n = lost.length;
    const trx = h.db.transaction().execute(async (t) => {
      await terminate(await backend(t));
      await new Promise((r) => setTimeout(r, 300)); // the connection's end reaches us between two queries
      return backend(t);
    });
    await expect(trx).rejects.toThrow(/terminat|not queryable/);
    expect(lost.length).toBeGreaterThan(n);
    expect(await backend()).toBeGreaterThan(0);
  });

  it('close() resolves once the server has no connection of the pool left', async () => {
    const other = await openDb({ databaseUrl: url!, dataDir: '' });
    const pids = await Promise.all(
      Array.from({ length: 3 }, () =>
        other.db.connection().execute(async (c) => {
          await new Promise((r) => setTimeout(r, 20)); // three connections at once
          return backend(c);
        }),
      ),
    );
    await other.close();
    const { rows } = await killer.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where pid = any($1::int[])', [pids]);
    expect(rows[0].n).toBe(0);
  });
});
