import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { testDb } from '../test/harness.ts';
import { IDS_PER_NOTIFY, onEvent, publish, startBus, type BusEvent } from './bus.ts';

async function until(what: string, probe: () => boolean, ms = 5_000): Promise<void> {
  const start = Date.now();
  while (!probe()) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('event bus, in one process (PGlite, or PostgreSQL without startBus)', () => {
  it('calls this process’s listeners at once, inside a transaction too, and stops calling one that stopped', async () => {
    const h = await testDb();
    try {
      const seen: BusEvent[] = [];
      const stop = onEvent(h.db, 'rejections', (e) => seen.push(e));
      const rules: BusEvent[] = [];
      onEvent(h.db, 'rules', (e) => rules.push(e));
      await publish(h.db, { kind: 'rejections', binIds: [3] });
      expect(seen).toEqual([{ kind: 'rejections', binIds: [3] }]);
      expect(rules).toEqual([]);
      if (h.engine === 'pglite') {
        await h.db.transaction().execute((trx) => publish(trx, { kind: 'rejections', binIds: [4] }));
        expect(seen).toHaveLength(2);
      }
      stop();
      await publish(h.db, { kind: 'rejections', binIds: [5] });
      expect(seen.map((e) => (e as { binIds: number[] }).binIds[0])).not.toContain(5);
    } finally {
      await h.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('event bus across processes on PostgreSQL (LISTEN/NOTIFY)', () => {
  const url = process.env.DATABASE_URL!;
  const schema = `t_bus_${randomBytes(4).toString('hex')}`;
  // Two handles on one database stand for two processes: each has its own pool, so its own bus.
  const open = (): Db =>
    new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` }) }) });
  const a = open();
  const b = open();
  const stops: (() => Promise<void>)[] = [];

  afterAll(async () => {
    for (const stop of stops) await stop();
    await a.destroy();
    await b.destroy();
  });

  it('carries an event raised by one to the other, leaves a transaction only at commit (never on a rollback), and listens again after its connection is killed', async () => {
    stops.push(await startBus(a, url), await startBus(b, url, { connectionOptions: `-c application_name=${schema}` }));
    const atA: BusEvent[] = [];
    const atB: BusEvent[] = [];
    onEvent(a, 'notifications', (e) => atA.push(e));
    onEvent(b, 'notifications', (e) => atB.push(e));

    await publish(a, { kind: 'notifications', userIds: [1] });
    // At once where it was raised, once only.
    expect(atA).toEqual([{ kind: 'notifications', userIds: [1] }]);
    await until('the event at b', () => atB.length === 1);
    expect(atB).toEqual([{ kind: 'notifications', userIds: [1] }]);

    let heldAt = -1;
    await a.transaction().execute(async (trx) => {
      await publish(trx, { kind: 'notifications', userIds: [2] });
      await new Promise((r) => setTimeout(r, 300));
      heldAt = atB.length;
    });
    expect(heldAt).toBe(1);
    await until('the committed event at both', () => atA.length === 2 && atB.length === 2);
    expect(atB[1]).toEqual({ kind: 'notifications', userIds: [2] });

    await a
      .transaction()
      .execute(async (trx) => {
        await publish(trx, { kind: 'notifications', userIds: [3] });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    expect(atB).toHaveLength(2);

    // A long list of ids leaves in several payloads, each under NOTIFY's 8,000 bytes.
    const many = Array.from({ length: 2 * IDS_PER_NOTIFY + 1 }, (_, i) => 1_000_000 + i);
    const had = atB.length;
    await publish(a, { kind: 'notifications', userIds: many });
    await until('every id at b', () => atB.length === had + 3);
    expect(atB.slice(had).flatMap((e) => (e.kind === 'notifications' ? e.userIds : []))).toEqual(many);

    // b's listening connection dies (a restart, a failover): it opens again by itself, and its
    // receivers are told to look again, since events may have been missed meanwhile.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${schema}`.execute(a);
    await until('b listening again', () => atB.some((e) => e.kind === 'notifications' && e.userIds.length === 0));
    const before = atB.length;
    await publish(a, { kind: 'notifications', userIds: [4] });
    await until('an event after the reconnect', () => atB.length === before + 1);
    expect(atB.at(-1)).toEqual({ kind: 'notifications', userIds: [4] });
  }, 20_000);
});
