// PGlite on a worker thread (the server's embedded database) answers as the in-process one does,
// and its work never holds the thread that answers requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDb, type DbHandle } from './connection.ts';

describe('PGlite on a worker thread', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openDb({ databaseUrl: null, dataDir: ':memory:', thread: true });
  });
  afterAll(() => h?.close());

  it('returns numbers, dates and bytes as the in-process database does', async () => {
    const at = new Date('2024-06-30T09:30:00Z');
    const { rows } = await sql<{ big: number; dec: number; at: Date; bytes: Uint8Array; list: string[]; doc: { a: number } }>`
      select 12345678901::int8 as big, 1.5::numeric as dec, ${at}::timestamptz as at, ${new Uint8Array([1, 2, 3])}::bytea as bytes,
             array['x', 'y'] as list, '{"a": 1}'::jsonb as doc`.execute(h.db);
    expect(rows[0]).toEqual({ big: 12345678901, dec: 1.5, at, bytes: new Uint8Array([1, 2, 3]), list: ['x', 'y'], doc: { a: 1 } });
  });

  it("fails a statement with PostgreSQL's error code, and rolls a transaction back", async () => {
    await sql`create table t (id int primary key)`.execute(h.db);
    const err = await h.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t values (1)`.execute(trx);
        await sql`insert into t values (1)`.execute(trx);
      })
      .catch((e: unknown) => e as { code?: string; message: string });
    expect(err).toMatchObject({ code: '23505', message: expect.stringMatching(/duplicate key/) });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from t`.execute(h.db);
    expect(rows[0].n).toBe(0);
  });

  it('keeps the calling thread free while a long statement runs', async () => {
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    const t0 = performance.now();
    await sql`select count(*) from generate_series(1, 2000000) g where g % 7 = 3`.execute(h.db);
    const took = performance.now() - t0;
    clearInterval(timer);
    expect(took).toBeGreaterThan(200);
    expect(longest).toBeLessThan(100);
  });
});
