import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDb, type DbHandle } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { computeAve, cpmFor, estimateImpressions, impactScore } from './ave.ts';
import { generateDemoCorpus } from './demo-corpus.ts';
import { startSimulator } from './simulator.ts';
import { seedProject, type SeededProject } from './testing.ts';

let h: DbHandle;
let p: SeededProject;

beforeAll(async () => {
  h = await openDb({ databaseUrl: null, dataDir: ':memory:' });
  await migrate(h.db);
  p = await seedProject(h.db, {
    streamIds: [7, 8, 9, 10, 11],
    rules: [
      { bin: 'root', expression: 'acme OR #acmesa' },
      { bin: 'sort', expression: 'acme AND (refund OR fees)' },
      { bin: 'input', expression: '"acme rewards"' },
    ],
    profile: { streamId: 7, externalId: 'acme-1', handle: 'AcmeSA' },
  });
});
afterAll(() => h.close());

const one = async <T>(q: string) => (await sql.raw<T>(q).execute(h.db)).rows;

describe('demo corpus', () => {
  it('fills every widget: streams, hours, authors, sentiment, brand association, entities, terms, rollups', async () => {
    const r = await generateDemoCorpus(h.db, { clips: 3000, days: 90, seed: 7, now: new Date('2024-06-30T00:00:00Z') });
    expect(r.clips).toBe(3000);
    const streams = await one<{ stream_id: number }>(`select distinct stream_id from bin_clips where bin_id = ${p.rootBinId}`);
    expect(streams.map((s) => s.stream_id).sort((a, b) => a - b)).toEqual([7, 8, 9, 10, 11]);
    const [counts] = await one<Record<string, number>>(`
      select count(distinct extract(hour from posted_at))::int as hours, count(distinct posted_at::date)::int as days,
             count(distinct author_id)::int as authors,
             count(*) filter (where favourability_id = 1)::int as pos, count(*) filter (where favourability_id = 3)::int as neg,
             count(*) filter (where brand_association_id = 1)::int as owned, count(*) filter (where brand_association_id = 2)::int as earned
        from bin_clips where bin_id = ${p.rootBinId}`);
    expect(counts.hours).toBe(24);
    expect(counts.days).toBeGreaterThan(80);
    for (const k of ['authors', 'pos', 'neg', 'owned', 'earned']) expect(counts[k]).toBeGreaterThan(10);
    for (const bin of [p.sortBinId, p.inputBinId])
      expect((await one<{ n: number }>(`select count(*)::int as n from bin_clips where bin_id = ${bin}`))[0].n).toBeGreaterThan(50);
    const [e] = await one<Record<string, number>>(`
      select count(*) filter (where people <> '{}')::int as people, count(*) filter (where places <> '{}')::int as places,
             count(*) filter (where organisations <> '{}')::int as orgs, count(*) filter (where hashtags <> '{}')::int as tags,
             count(*) filter (where handles <> '{}')::int as handles, count(*) filter (where terms <> '{}')::int as terms
        from clip_enrichment`);
    for (const k of Object.keys(e)) expect(e[k]).toBeGreaterThan(50);
    const langs = await one<{ language: string }>(`select distinct language from clips`);
    expect(langs.length).toBeGreaterThanOrEqual(5);
    const [roll] = await one<{ a: number; b: number }>(`
      select (select sum(clips) from bin_hourly)::int as a, (select count(*) from bin_clips where not rejected)::int as b`);
    expect(roll.a).toBe(roll.b);
    const [snap] = await one<{ n: number }>(`select count(*)::int as n from follower_snapshots`);
    expect(snap.n).toBe(91);
  });

  it('keeps the simulator feeding the pipeline until stopped', async () => {
    const before = (await one<{ n: number }>(`select count(*)::int as n from clips`))[0].n;
    const stop = startSimulator(h.db, { intervalMs: 20, postsPerTick: 5, seed: 3 });
    for (let i = 0; i < 100; i++) {
      await new Promise((r) => setTimeout(r, 20));
      if ((await one<{ n: number }>(`select count(*)::int as n from clips`))[0].n > before + 10) break;
    }
    await stop();
    const after = (await one<{ n: number }>(`select count(*)::int as n from clips`))[0].n;
    expect(after).toBeGreaterThan(before + 10);
    const [recent] = await one<{ n: number }>(`select count(*)::int as n from clips where posted_at > now() - interval '1 minute'`);
    expect(recent.n).toBeGreaterThan(0);
  });
});

describe('AVE and impact', () => {
  it('prices estimated impressions at the stream CPM, overridable per client', () => {
    const e = { streamId: 7, followers: 10_000, likes: 10, comments: 0, shares: 0, views: 0 };
    expect(estimateImpressions(e)).toBe(10_000 * 0.1 + 10 * 25);
    expect(estimateImpressions({ ...e, impressions: 5000 })).toBe(5000);
    expect(computeAve(1250, cpmFor(7, null))).toBe(43.75);
    expect(cpmFor(7, { '7': 50 })).toBe(50);
    expect(impactScore(1000, { ...e, likes: 10 })).toBe(5.2);
  });
});
