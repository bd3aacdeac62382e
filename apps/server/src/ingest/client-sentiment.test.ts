// The clients' adaptations as ingestion keeps them (docs/sentiment.md, "What scores a post"):
// loaded once, kept with no timer, and loaded again when the bus says one was put in use or
// dropped, in this process at once and in another one (PostgreSQL) when the event reaches it.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { publish, startBus } from '../events/bus.ts';
import { noAdaptation, packAdaptation } from '../nlp/sentiment-adapt.ts';
import { migratedTestDb } from '../test/harness.ts';
import { adaptationsInUse, clientModelsChanged } from './client-sentiment.ts';
import { seedProject } from './testing.ts';

let n = 0;
/** A stored adaptation of the client, used or not, whose one non-zero weight is `bias` (the positive class's bias). */
async function storeModel(h: DbHandle, clientId: number, used: boolean, bias: number): Promise<number> {
  const a = noAdaptation();
  a.weights[a.weights.length - 1] = bias;
  const row = await h.db
    .insertInto('client_sentiment_models')
    .values({
      client_id: clientId,
      job_key: `test-${++n}`,
      ratings_until: new Date(),
      ratings: 60,
      trained_on: 48,
      held_back: 12,
      base_accuracy: 0.5,
      adapted_accuracy: used ? 0.8 : 0.4,
      used,
      reason: used ? null : 'Worse than the shipped model on the held-back ratings (40% against 50%)',
      base_model_version: 'test',
      seconds: 0.1,
      weights: used ? packAdaptation(a) : null,
      l2: 0.01,
      epochs: 3,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function until(what: string, probe: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const start = Date.now();
  while (!(await probe())) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the adaptations in use, as ingestion keeps them', () => {
  let h: DbHandle;
  let clientId: number;
  beforeAll(async () => {
    h = await migratedTestDb();
    clientId = (await seedProject(h.db, { name: 'Acme Drinks' })).clientId;
  }, 60_000);
  afterAll(() => h?.close());

  it('are read once and kept until an event says one was put in use or dropped; a rejected one never replaces the one in use', async () => {
    const none = await adaptationsInUse(h.db);
    expect(none.size).toBe(0);
    const first = await storeModel(h, clientId, true, 2);
    // Kept: no timer and no read per batch, so the row stored behind its back is not seen yet.
    expect(await adaptationsInUse(h.db)).toBe(none);
    // The event (as another process raises it) drops the cache: the next batch reads them again.
    await publish(h.db, { kind: 'sentiment-models' });
    const loaded = await adaptationsInUse(h.db);
    expect(loaded.get(clientId)?.modelId).toBe(first);
    expect(loaded.get(clientId)?.adaptation.weights.at(-1)).toBe(2);
    expect(await adaptationsInUse(h.db)).toBe(loaded);

    // An adaptation rejected for doing worse than the shipped model: the one in use stays.
    await storeModel(h, clientId, false, 0);
    await clientModelsChanged(h.db);
    expect((await adaptationsInUse(h.db)).get(clientId)?.modelId).toBe(first);
    // A newer one put in use replaces it.
    const second = await storeModel(h, clientId, true, 3);
    await clientModelsChanged(h.db);
    expect((await adaptationsInUse(h.db)).get(clientId)?.modelId).toBe(second);
    // Dropped (here with its client's models): the shipped model scores the client's posts again.
    await h.db.deleteFrom('client_sentiment_models').where('client_id', '=', clientId).execute();
    await clientModelsChanged(h.db);
    expect((await adaptationsInUse(h.db)).size).toBe(0);
  });

  it.runIf(process.env.DATABASE_URL)('are loaded again by another process when the event reaches it (PostgreSQL)', async () => {
    const url = process.env.DATABASE_URL!;
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(h.db)).rows[0].s;
    // A second handle on the same schema stands for a second process: its own pool, its own bus.
    const other = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` }) }),
    });
    const stops = [await startBus(h.db, url), await startBus(other, url)];
    try {
      const before = await adaptationsInUse(other);
      expect(before.has(clientId)).toBe(false);
      const id = await storeModel(h, clientId, true, 1);
      expect(await adaptationsInUse(other)).toBe(before);
      await clientModelsChanged(h.db);
      await until('the other process loads the new adaptation', async () => (await adaptationsInUse(other)).get(clientId)?.modelId === id);
    } finally {
      for (const stop of stops) await stop();
      await other.destroy();
    }
  });
});
