// The demo corpus's one-off location backfill (0018) writes clip_locations directly: the world map's
// rollup (bin_hourly_places, 0023) must follow it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '../db/connection.ts';
import { migratedTestDb } from '../test/harness.ts';
import { backfillDemoLocations } from './locations-backfill.ts';
import { ingestPosts } from './pipeline.ts';
import { makePost, seedProject } from './testing.ts';

describe('backfillDemoLocations', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await migratedTestDb();
    await seedProject(h.db, { rules: [{ bin: 'root', expression: 'acme' }] });
  });
  afterAll(() => h.close());

  it("locates a corpus stored without places and rebuilds the map's rollup from them", async () => {
    // Simulated authors (ids '<stream>-a<n>') whose posts carried no location.
    await ingestPosts(
      h.db,
      Array.from({ length: 6 }, (_, i) => makePost(`acme post ${i}`, { author: { externalId: `7-a${i}`, name: `Sim ${i}`, handle: `sim${i}` } })),
    );
    expect(await h.db.selectFrom('bin_hourly_places').selectAll().execute()).toEqual([]);
    const located = await backfillDemoLocations(h.db);
    expect(located).toBeGreaterThan(0);
    const r = await sql<{ rows: number; rolled: number }>`
      select (select count(*)::int from bin_clips b join clip_locations l on l.clip_id = b.clip_id where not b.rejected) as rows,
             (select coalesce(sum(clips), 0)::int from bin_hourly_places) as rolled`.execute(h.db);
    expect(r.rows[0].rows).toBeGreaterThan(0);
    expect(r.rows[0].rolled).toBe(r.rows[0].rows);
  });
});
