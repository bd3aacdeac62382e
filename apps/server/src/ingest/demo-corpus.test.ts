import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '../db/connection.ts';
import { computeAve, cpmFor, estimateImpressions, impactScore } from './ave.ts';
import { generateDemoCorpus, pendingDemoCorpus, writeDemoCorpus } from './demo-corpus.ts';
import { loadSimProjects } from './sim-content.ts';
import { burstFactor, DAY_MS, HOUR_MS, hourShape, localHour, postsInHour } from './sim-rate.ts';
import { createSimulator, measurePostsPerDay, startSimulator } from './simulator.ts';
import { seedProject, type SeededProject } from './testing.ts';
import { migratedMemoryDb } from '../test/pglite-snapshot.ts';

let h: DbHandle;
let p: SeededProject;

beforeAll(async () => {
  h = await migratedMemoryDb();
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
    // A snapshot a day over at least 17 weeks (Follower Growth compares 8 weeks with the 8 before).
    expect(snap.n).toBe(17 * 7 + 1);
  });

  it('keeps the simulator feeding the pipeline until stopped', async () => {
    const before = (await one<{ n: number }>(`select count(*)::int as n from clips`))[0].n;
    // A rate far above the corpus's so that posts arrive within the test; no catching up from 2024.
    const stop = startSimulator(h.db, { intervalMs: 20, postsPerDay: 2_000_000, catchUpMs: 0, seed: 3 });
    // Waits for what the test looks for, up to 15 s: a busy 2-core machine may take seconds to run ten ticks.
    for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
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

describe('demo corpus written newest day first', () => {
  const END = new Date('2024-06-30T09:30:00Z');
  let g: DbHandle;
  beforeAll(async () => {
    g = await migratedMemoryDb();
    await seedProject(g.db, { streamIds: [7, 8, 9], rules: [{ bin: 'root', expression: 'acme OR #acmesa' }] });
  });
  afterAll(() => g.close());

  const count = async (where = 'true') => (await sql.raw<{ n: number }>(`select count(*)::int as n from clips where ${where}`).execute(g.db)).rows[0].n;
  const oldest = async () => (await sql<{ at: Date }>`select min(posted_at) as at from clips`.execute(g.db)).rows[0].at;

  it('stores today and the latest days first: after each day, nothing older than the days written', async () => {
    const seen: { days: number; oldest: number; newest: number }[] = [];
    const r = await generateDemoCorpus(g.db, {
      clips: 2000,
      days: 10,
      seed: 3,
      now: END,
      batch: 100,
      onDay: async (daysLoaded) => {
        const { rows } = await sql<{ lo: Date; hi: Date }>`select min(posted_at) as lo, max(posted_at) as hi from clips`.execute(g.db);
        seen.push({ days: daysLoaded, oldest: new Date(rows[0].lo).getTime(), newest: new Date(rows[0].hi).getTime() });
      },
    });
    expect(r.clips).toBe(2000);
    expect(seen.map((s) => s.days)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const s of seen) {
      expect(s.oldest, `after ${s.days} days`).toBeGreaterThanOrEqual(END.getTime() - s.days * DAY_MS);
      // The day before is not reached yet, but this one is: the newest post is the last hour's, from the first day on.
      expect(s.oldest).toBeLessThan(END.getTime() - (s.days - 1) * DAY_MS);
      expect(s.newest).toBeGreaterThan(END.getTime() - HOUR_MS);
    }
  });

  it('a recorded plan stopped part way resumes at the first day not written, with the same posts', async () => {
    await sql`truncate bin_clips, bin_hourly, bin_hourly_sentiment, bin_hourly_places, bin_hourly_items, bin_daily_items, clip_enrichment, clip_locations, clip_keys, word_bin_clips, sentiment_labels, response_marks, response_alerts, clips cascade`.execute(
      g.db,
    );
    const plan = (await pendingDemoCorpus(g.db, { clips: 1500, days: 6, seed: 4, now: END }))!;
    expect(plan).toMatchObject({ clips: 1500, days: 6, daysDone: 0 });
    // Stopped after two days (a restart, a probe killing the process).
    const stop = new AbortController();
    await writeDemoCorpus(g.db, plan, { onDay: (n) => (n === 2 ? stop.abort() : undefined), signal: stop.signal });
    const afterTwo = await count();
    expect(afterTwo).toBeGreaterThan(0);
    expect((await oldest()).getTime()).toBeGreaterThanOrEqual(END.getTime() - 2 * DAY_MS);
    // The next start follows the recorded plan, whatever it is asked for now, from the third day.
    const again = (await pendingDemoCorpus(g.db, { clips: 99, days: 99, now: new Date() }))!;
    expect(again).toEqual({ ...plan, daysDone: 2 });
    await writeDemoCorpus(g.db, { ...again, daysDone: 1 }); // a day written again is the same posts
    expect(await count()).toBe(1500);
    expect((await oldest()).getTime()).toBeGreaterThanOrEqual(END.getTime() - 6 * DAY_MS);
    expect(await pendingDemoCorpus(g.db, { clips: 1500, days: 6 })).toBeNull();
    const [roll] = (
      await sql<{ a: number; b: number }>`
      select (select sum(clips) from bin_hourly)::int as a, (select count(*) from bin_clips where not rejected)::int as b`.execute(g.db)
    ).rows;
    expect(roll.a).toBe(roll.b);
  });

  it('writes no plan on a database that has posts without one', async () => {
    await g.db.deleteFrom('demo_corpus').execute();
    expect(await pendingDemoCorpus(g.db, { clips: 1000, days: 5 })).toBeNull();
  });
});

/**
 * The demo must not look like a crisis. The corpus reaches the moment it is generated
 * with no thin day before it, in every client's own time zone, and the simulator carries on at
 * the corpus's rate with the same daily rhythm.
 */
describe("demo corpus and simulator over the last days, in the clients' time zones", () => {
  // 11:30 in Johannesburg, 02:30 in Los Angeles, 21:30 in Auckland.
  const T = Date.parse('2024-06-30T09:30:00Z');
  const ZONES = ['Africa/Johannesburg', 'America/Los_Angeles', 'Pacific/Auckland'];
  const WORDS = ['acme', 'fizzco', 'karoo'];
  let g: DbHandle;
  const projects: { p: SeededProject; zone: string }[] = [];

  beforeAll(async () => {
    g = await migratedMemoryDb();
    for (const [i, zone] of ZONES.entries()) {
      const p = await seedProject(g.db, { name: WORDS[i], rules: [{ bin: 'root', expression: WORDS[i] }] });
      await g.db.updateTable('clients').set({ time_zone: zone }).where('id', '=', p.clientId).execute();
      projects.push({ p, zone });
    }
    await generateDemoCorpus(g.db, { clips: 4500, days: 30, seed: 11, now: new Date(T) });
  }, 120_000); // a loaded machine takes its time over 4,500 posts
  afterAll(() => g.close());

  const rows = async <R>(q: string) => (await sql.raw<R>(q).execute(g.db)).rows;
  /** Clips of a project's root bin per local day (YYYY-MM-DD in the zone). */
  const perLocalDay = async (rootBinId: number, zone: string, from: number, to: number) =>
    new Map(
      (
        await rows<{ d: string; n: number }>(`
          select to_char(posted_at at time zone '${zone}', 'YYYY-MM-DD') as d, count(*)::int as n from bin_clips
           where bin_id = ${rootBinId} and posted_at >= '${new Date(from).toISOString()}' and posted_at < '${new Date(to).toISOString()}'
           group by 1`)
      ).map((r) => [r.d, r.n]),
    );
  const localDate = (t: number, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(t);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  /** Clips of a project per 6-hour block of the local day (0–5, 6–11, 12–17, 18–23). */
  const perBlock = async (rootBinId: number, zone: string, from: number, to: number) => {
    const r = await rows<{ b: number; n: number }>(`
      select (extract(hour from posted_at at time zone '${zone}')::int / 6) as b, count(*)::int as n from bin_clips
       where bin_id = ${rootBinId} and posted_at >= '${new Date(from).toISOString()}' and posted_at < '${new Date(to).toISOString()}'
       group by 1`);
    return [0, 1, 2, 3].map((b) => r.find((x) => x.b === b)?.n ?? 0);
  };

  it('has no thin day up to the moment it is generated: yesterday full, today pro rata, in each client zone', async () => {
    expect((await rows<{ n: number }>(`select count(*)::int as n from clips where posted_at > '${new Date(T).toISOString()}'`))[0].n).toBe(0);
    for (const { p, zone } of projects) {
      const days = await perLocalDay(p.rootBinId, zone, T - 30 * DAY_MS, T);
      // The full local days: every day of the last 21 except the first (partial) and today.
      const full = Array.from({ length: 21 }, (_, k) => localDate(T - (k + 1) * DAY_MS, zone));
      const typical = median(full.map((d) => days.get(d) ?? 0));
      expect(typical, zone).toBeGreaterThan(30);
      for (const d of full.slice(0, 7)) expect(days.get(d) ?? 0, `${zone} ${d}`).toBeGreaterThan(0.6 * typical);
      // Today so far: the share of a day's posts the client's hours since midnight carry.
      const today = localDate(T, zone);
      let share = 0;
      for (let t = T; localDate(t, zone) === today; t -= 60_000) share += hourShape(t, zone) / (24 * 60);
      expect(days.get(today) ?? 0, `${zone} today (${share.toFixed(2)} of a day)`).toBeGreaterThan(0.6 * share * typical);
    }
  });

  it("follows the clients' daily rhythm in their own zones: the evening is busy, the small hours quiet", async () => {
    for (const { p, zone } of projects) {
      const [night, morning, afternoon, evening] = await perBlock(p.rootBinId, zone, T - 28 * DAY_MS, T);
      expect(evening, zone).toBeGreaterThan(2 * night);
      expect(morning + afternoon, zone).toBeGreaterThan(2 * night);
    }
  });

  it('the simulator carries on at the corpus rate over a simulated day, rhythm included, with no crisis-sized spike', async () => {
    let now = T;
    const sim = createSimulator(g.db, { seed: 5, now: () => now });
    expect(await sim.step()).toBeLessThan(5); // nothing to catch up: the corpus reaches T
    const tenMinutes: number[] = [];
    for (let m = 10; m <= 24 * 60; m += 10) {
      now = T + m * 60_000;
      tenMinutes.push(await sim.step());
    }
    for (const { p, zone } of projects) {
      const corpusDay =
        (
          await rows<{ n: number }>(`
        select count(*)::int as n from bin_clips where bin_id = ${p.rootBinId}
           and posted_at >= '${new Date(T - 7 * DAY_MS).toISOString()}' and posted_at < '${new Date(T).toISOString()}'`)
        )[0].n / 7;
      const simDay = (
        await rows<{ n: number }>(`
        select count(*)::int as n from bin_clips where bin_id = ${p.rootBinId}
           and posted_at >= '${new Date(T).toISOString()}' and posted_at < '${new Date(T + DAY_MS).toISOString()}'`)
      )[0].n;
      expect(simDay / corpusDay, `${zone}: ${simDay} posts on the simulated day, ${corpusDay.toFixed(0)} a corpus day`).toBeGreaterThan(0.7);
      expect(simDay / corpusDay, zone).toBeLessThan(1.35);
      // The rhythm: the simulator's expected posts per 6-hour local block against the corpus's last two weeks.
      const corpus = (await perBlock(p.rootBinId, zone, T - 14 * DAY_MS, T)).map((n) => n / 14);
      const expected = [0, 0, 0, 0];
      const rp = (await loadSimProjects(g.db)).find((x) => x.id === p.projectId)!;
      for (let h = T / HOUR_MS; h < (T + DAY_MS) / HOUR_MS; h++)
        expected[Math.floor(localHour(h * HOUR_MS, zone) / 6)] += postsInHour(rp, h, sim.postsPerDay()!, 5);
      // What lands in a root bin per post generated for it (the odd duplicate, posts aimed at another project).
      const landed = corpusDay / expected.reduce((s, x) => s + x, 0);
      for (let b = 0; b < 4; b++)
        expect(
          Math.abs(expected[b] * landed - corpus[b]) / corpus[b],
          `${zone} block ${b}: ${(expected[b] * landed).toFixed(1)} against ${corpus[b].toFixed(1)}`,
        ).toBeLessThan(0.25);
    }
    // The rate is read from the corpus's own posts: a day of the simulator's does not move it.
    expect(await measurePostsPerDay(g.db, await loadSimProjects(g.db), T + DAY_MS)).toBe(sim.postsPerDay());
    // All three projects together: no ten minutes of the simulated day at more than 8 times the day's mean rate.
    const total = tenMinutes.reduce((s, n) => s + n, 0);
    expect(Math.max(...tenMinutes) * 144).toBeLessThan(8 * total);
  }, 90_000); // about 6 s alone; a whole-suite run on a loaded machine has taken over 30 s

  it('a restarted simulator first fills the days the server was down, at the same rate', async () => {
    const count = async (from: number, to: number) =>
      (
        await rows<{ n: number }>(
          `select count(*)::int as n from clips where posted_at >= '${new Date(from).toISOString()}' and posted_at < '${new Date(to).toISOString()}'`,
        )
      )[0].n;
    const day = await count(T, T + DAY_MS); // the simulated day of the test before
    expect(await count(T + DAY_MS, T + 3 * DAY_MS)).toBe(0);
    const sim = createSimulator(g.db, { seed: 6, now: () => T + 3 * DAY_MS });
    await sim.step();
    for (const k of [1, 2]) {
      const filled = await count(T + k * DAY_MS, T + (k + 1) * DAY_MS);
      expect(filled / day, `day ${k} of the gap: ${filled} posts against ${day}`).toBeGreaterThan(0.7);
      expect(filled / day).toBeLessThan(1.35);
    }
  });
});

describe('rate model', () => {
  it('bursts a few times a week across ten projects, at a few times the usual rate', () => {
    const hours = Array.from({ length: 4 * 7 * 24 }, (_, i) => 480_000 + i);
    const factors = Array.from({ length: 10 }, (_, p) => hours.map((h) => burstFactor(9, p + 1, h))).flat();
    const bursts = factors.filter((f) => f > 1);
    expect(bursts.length).toBeGreaterThanOrEqual(4);
    expect(bursts.length).toBeLessThanOrEqual(30);
    expect(Math.min(...bursts)).toBeGreaterThanOrEqual(2.5);
    expect(Math.max(...bursts)).toBeLessThanOrEqual(4);
  });

  it('follows the hour in the client zone, not UTC', () => {
    const noon = Date.parse('2024-06-30T10:00:00Z'); // 12:00 in Johannesburg, 03:00 in Los Angeles
    expect(localHour(noon, 'Africa/Johannesburg')).toBe(12);
    expect(localHour(noon, 'America/Los_Angeles')).toBe(3);
    expect(hourShape(noon, 'Africa/Johannesburg')).toBeGreaterThan(3 * hourShape(noon, 'America/Los_Angeles'));
    expect(localHour(noon, 'Not/AZone')).toBe(10);
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
