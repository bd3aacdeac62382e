// The simulator and projects it has not seen before: a project made in the demo (the wizard writes
// its root rule from the keywords typed) must show posts about those keywords at once, not one every
// few minutes at the demo's rate.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migratedTestDb } from '../test/harness.ts';
import type { DbHandle } from '../db/connection.ts';
import { HOUR_MS } from './sim-rate.ts';
import { createSimulator, STARTER_MIN, STARTER_MS } from './simulator.ts';
import { seedProject } from './testing.ts';

const T = Date.parse('2026-03-02T10:30:00Z');
let h: DbHandle;

beforeEach(async () => {
  h = await migratedTestDb();
});
afterEach(() => h.close());

/** The bodies and dates of the root bin's posts. */
const postsOf = async (rootBinId: number) =>
  (
    await sql<{ body: string; posted_at: Date }>`
      select c.body, c.posted_at from bin_clips b join clips c on c.id = b.clip_id where b.bin_id = ${rootBinId}`.execute(h.db)
  ).rows;

describe('simulator: posts about new projects', () => {
  it('gives a project with a keyword rule posts matching it from one tick, over the day before, with no posts stored before', async () => {
    const p = await seedProject(h.db, { name: 'Karoo Outdoor', streamIds: [7, 8, 9], rules: [{ bin: 'root', expression: 'karoo AND trails' }] });
    let now = T;
    const sim = createSimulator(h.db, { seed: 11, now: () => now });
    const sent = await sim.step();
    const posts = await postsOf(p.rootBinId);
    expect(sent).toBeGreaterThanOrEqual(STARTER_MIN);
    expect(posts.length).toBeGreaterThanOrEqual(STARTER_MIN * 0.75);
    for (const post of posts) expect(post.body.toLowerCase()).toMatch(/karoo[\s\S]*trails|trails[\s\S]*karoo/);
    for (const post of posts) {
      const at = new Date(post.posted_at).getTime();
      expect(at).toBeGreaterThanOrEqual(T - STARTER_MS);
      expect(at).toBeLessThanOrEqual(T);
    }
    // Spread over the day, so the daily chart and the heatmap have more than one point.
    expect(new Set(posts.map((x) => Math.floor(new Date(x.posted_at).getTime() / HOUR_MS))).size).toBeGreaterThan(5);
    // Once: the next tick adds only the rate's share of two seconds.
    const before = posts.length;
    now += 2000;
    await sim.step();
    expect((await postsOf(p.rootBinId)).length - before).toBeLessThan(3);
  });

  it('finds a project made while it runs at the next tick (not at the next reload) and fills it', async () => {
    await seedProject(h.db, { name: 'Acme', rules: [{ bin: 'root', expression: 'acme' }] });
    let now = T;
    const sim = createSimulator(h.db, { seed: 12, now: () => now });
    await sim.step();
    // Made in the wizard two seconds later: a root rule of quoted phrases.
    const fresh = await seedProject(h.db, { name: 'Blue Crane', streamIds: [7, 8], rules: [{ bin: 'root', expression: '"blue crane" OR "crane tours"' }] });
    now += 2000;
    await sim.step();
    const posts = await postsOf(fresh.rootBinId);
    expect(posts.length).toBeGreaterThanOrEqual(STARTER_MIN * 0.75);
    for (const post of posts) expect(post.body.toLowerCase()).toMatch(/blue crane|crane tours/);
  });

  it('gives a project whose stop date has passed nothing, new or not', async () => {
    const live = await seedProject(h.db, { name: 'Live Campaign', rules: [{ bin: 'root', expression: 'livecampaign' }] });
    const p = await seedProject(h.db, { name: 'Old Campaign', rules: [{ bin: 'root', expression: 'oldcampaign' }] });
    await h.db
      .updateTable('projects')
      .set({ stop_date: new Date(T - 7 * 24 * HOUR_MS) })
      .where('id', '=', p.projectId)
      .execute();
    let now = T;
    // A rate far above the demo's, so that an hour brings every live project posts.
    const sim = createSimulator(h.db, { seed: 13, now: () => now, postsPerDay: 20_000 });
    await sim.step();
    now += HOUR_MS;
    await sim.step();
    expect((await postsOf(live.rootBinId)).length).toBeGreaterThan(STARTER_MIN);
    expect(await postsOf(p.rootBinId)).toEqual([]);
  });
});
