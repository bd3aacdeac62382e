// The demo corpus: N clips over the D days up to now for every project in the database, through
// the same enrichment, matching and storage as live posts (so bins, brand association, AVE and
// rollups are what ingestion would have made). When posts happen follows sim-rate.ts (each
// client's daily rhythm in its own time zone), up to the moment of generation: the live simulator
// carries on from there at the same rate.
//
// Written a day at a time, newest first, so a first start's dashboards (the last 30 days by
// default) have today's figures within seconds and fill backwards, in statements of `batch` posts;
// the work on the request thread (making posts up, enrichment) is cut into slices that give way to
// requests (jobs/yield.ts). Each day's posts come from seeds of that day alone, so writing a day
// again writes the same posts: a first start stopped part way resumes at the first day not done
// (the plan in demo_corpus, migration 0032). A few storylines are planted in it (sim-storylines.ts)
// so that Narrative Analysis has something to find, and owned accounts answer most of the posts
// addressed to them (sim-answers.ts) so that the response queue has response times.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { yieldToRequests } from '../jobs/yield.ts';
import { analyzeMonthTables } from '../ledger/index.ts';
import { enrich, type Enrichment } from '../nlp/enrich.ts';
import { createPipeline, type Enricher } from './pipeline.ts';
import type { Post } from './post.ts';
import { prng } from '../prng.ts';
import { createCorpusDays, createGenerator, loadSimProjects, type CorpusDays, type SimProject } from './sim-content.ts';
import { DAY_MS, hashUnit } from './sim-rate.ts';
import { createAnswerer } from './sim-answers.ts';
import { plantedPosts } from './sim-storylines.ts';

export interface DemoCorpusOptions {
  clips?: number;
  days?: number;
  seed?: number;
  now?: Date;
  enricher?: Enricher;
  onProgress?: (stored: number) => void;
  /** After each day is stored (awaited): the days stored so far (newest first) and the corpus's days. */
  onDay?: (daysLoaded: number, days: number) => void | Promise<void>;
  /** Posts per statement (DEMO_BATCH); a statement holds the database for its length, so a request's query may wait that long. */
  batch?: number;
  /** Stops before the next day; the days stored stay. */
  signal?: AbortSignal;
}

export interface DemoCorpusResult {
  projects: number;
  posts: number;
  clips: number;
  binClips: number;
  seconds: number;
}

/** What a corpus writes: its size, seed and end, and how many of its days (newest first) are stored. */
export interface CorpusPlan {
  seed: number;
  clips: number;
  days: number;
  end: Date;
  daysDone: number;
}

/** Posts per statement by default: a fraction of a second's work for PGlite. */
export const DEMO_BATCH = 500;
/** Posts made up, or enriched, between two chances for requests to run. */
const SLICE = 100;
/** The corpus's post ids start with this (then the seed): the simulator reads the corpus's rate from them. */
export const CORPUS_ID_PREFIX = 'demo';

/** A corpus written in one go (tests, scripts/demo-corpus.ts); nothing is recorded in demo_corpus. */
export async function generateDemoCorpus(db: Db, opts: DemoCorpusOptions = {}): Promise<DemoCorpusResult> {
  const plan = { seed: opts.seed ?? 42, clips: opts.clips ?? 200_000, days: opts.days ?? 90, end: opts.now ?? new Date(), daysDone: 0 };
  return writeCorpus(db, plan, opts, false);
}

const planOf = (r: { seed: number; clips: number; days: number; end_at: Date | string; days_done: number }): CorpusPlan => ({
  seed: r.seed,
  clips: r.clips,
  days: r.days,
  end: new Date(r.end_at),
  daysDone: r.days_done,
});

/**
 * The corpus a start still has to write: the recorded plan while it is not finished (a first start
 * stopped part way), or, on a database with no posts and no plan, a new one (recorded); null when
 * there is nothing to write (finished, or posts stored without a plan: a corpus from before plans
 * were recorded, or a database with posts of its own).
 */
export async function pendingDemoCorpus(db: Db, want: { clips: number; days: number; seed?: number; now?: Date }): Promise<CorpusPlan | null> {
  const row = await db.selectFrom('demo_corpus').selectAll().executeTakeFirst();
  if (row) return row.finished_at ? null : planOf(row);
  if (want.clips <= 0 || want.days <= 0) return null;
  if (await db.selectFrom('clips').select('id').limit(1).executeTakeFirst()) return null;
  await db
    .insertInto('demo_corpus')
    .values({ seed: want.seed ?? 42, clips: want.clips, days: want.days, end_at: want.now ?? new Date() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  // Another process may have recorded its plan first (PostgreSQL): that one is followed.
  const recorded = await db.selectFrom('demo_corpus').selectAll().executeTakeFirstOrThrow();
  return recorded.finished_at ? null : planOf(recorded);
}

/** Writes the days of a recorded plan not stored yet, newest first, recording each day as it is stored. */
export function writeDemoCorpus(db: Db, plan: CorpusPlan, opts: Omit<DemoCorpusOptions, 'clips' | 'days' | 'seed' | 'now'> = {}): Promise<DemoCorpusResult> {
  return writeCorpus(db, plan, opts, true);
}

/** The demo corpus's advisory lock (an arbitrary constant of this product's, beside jobs/connectors.ts's). */
export const DEMO_CORPUS_LOCK = 7_270_419;

/**
 * The lock's key: the constant and the schema (its oid), so that deployments sharing a database
 * in schemas of their own each write their corpus. An expression for the statements that take it.
 */
const corpusLockKey = sql`${DEMO_CORPUS_LOCK}::int, (select oid::int from pg_namespace where nspname = current_schema())`;

/**
 * Writes the recorded plan's days not stored yet when several processes share the database
 * (PostgreSQL, each started with DEMO=1, each finding the same plan): one process writes, holding
 * the corpus's advisory lock on a connection of its own (released when it ends, or by PostgreSQL
 * if its session dies). Another waits for the lock, telling the days written meanwhile
 * (`onWaiting`, every `pollMs`), then writes what is left of the plan, read again: nothing (null)
 * when the first finished it, the days left when the first stopped part way. Not for PGlite,
 * one process whose pool of one connection the lock would hold.
 */
export async function writeDemoCorpusExclusive(
  db: Db,
  opts: Omit<DemoCorpusOptions, 'clips' | 'days' | 'seed' | 'now'> & { onWaiting?: (daysLoaded: number, days: number) => void; pollMs?: number } = {},
): Promise<DemoCorpusResult | null> {
  return db.connection().execute(async (conn) => {
    let told = -1;
    for (;;) {
      const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${corpusLockKey}) as ok`.execute(conn);
      if (got.rows[0]?.ok) break;
      const row = await conn.selectFrom('demo_corpus').select(['days_done', 'days']).executeTakeFirst();
      if (row && row.days_done !== told) opts.onWaiting?.((told = row.days_done), row.days);
      if (opts.signal?.aborted) return null;
      await new Promise((r) => setTimeout(r, opts.pollMs ?? 1_000));
    }
    try {
      const row = await conn.selectFrom('demo_corpus').selectAll().executeTakeFirst();
      if (!row || row.finished_at) return null;
      return await writeCorpus(db, planOf(row), opts, true);
    } finally {
      await sql`select pg_advisory_unlock(${corpusLockKey})`.execute(conn);
    }
  });
}

/** Enrichment inline, in slices that give way to requests. */
const enrichInSlices: Enricher = async (posts) => {
  const out: Enrichment[] = [];
  for (let i = 0; i < posts.length; i += SLICE) {
    if (i > 0) await yieldToRequests();
    for (const p of posts.slice(i, i + SLICE)) out.push(enrich(p.body, p.language));
  }
  return out;
};

/** A 32-bit seed for day d of the corpus, from the corpus's seed and a salt. */
const daySeed = (seed: number, d: number, salt: number) => Math.floor(hashUnit(seed, d, salt) * 4_294_967_296);

/**
 * Day d's posts: `fresh` new posts drawn from the day's hours, and the odd resend of one of them
 * with new engagement (the generator's, stored once). The same day of the same plan gives the same posts.
 */
async function dayPosts(projects: SimProject[], plan: CorpusPlan, days: CorpusDays, d: number, fresh: number): Promise<Post[]> {
  const rnd = prng(daySeed(plan.seed, d, 0x5eed));
  const gen = createGenerator(projects, daySeed(plan.seed, d, 0x9e4), `${CORPUS_ID_PREFIX}${plan.seed}d${d}`);
  // The storylines' posts first, from generators of their own, so the day's other posts stay as they were.
  const plantRnd = prng(daySeed(plan.seed, d, 0x57a7));
  const planter = createGenerator(projects, daySeed(plan.seed, d, 0x9e5), `${CORPUS_ID_PREFIX}${plan.seed}d${d}`);
  const posts = plantedPosts(planter, d, fresh, () => days.draw(d, plantRnd), plantRnd);
  const ids = new Set(posts.map((p) => p.externalId));
  // Owned accounts' answers to the posts addressed to them (sim-answers.ts), from a sequence of
  // their own, counted in the day's posts; none after the corpus's end.
  const answerer = createAnswerer(projects, prng(daySeed(plan.seed, d, 0xa45)));
  let made = 0;
  while (ids.size < fresh) {
    const { at, project } = days.draw(d, rnd);
    const p = gen.post(at, project);
    posts.push(p);
    ids.add(p.externalId);
    const answer = ids.size < fresh ? answerer.answer(p, plan.end.getTime()) : null;
    if (answer && !ids.has(answer.externalId)) {
      posts.push(answer);
      ids.add(answer.externalId);
    }
    if (++made % SLICE === 0) await yieldToRequests();
  }
  return posts;
}

async function writeCorpus(db: Db, plan: CorpusPlan, opts: DemoCorpusOptions, record: boolean): Promise<DemoCorpusResult> {
  const t0 = performance.now();
  const projects = await loadSimProjects(db);
  const result: DemoCorpusResult = { projects: projects.length, posts: 0, clips: 0, binClips: 0, seconds: 0 };
  const days = createCorpusDays(projects, plan.seed, plan.days, plan.end);
  const weights = Array.from({ length: plan.days }, (_, d) => days.weight(d));
  const total = weights.reduce((s, w) => s + w, 0);
  const batch = opts.batch ?? DEMO_BATCH;
  const pipeline = createPipeline(db, { batchSize: batch, enricher: opts.enricher ?? enrichInSlices });
  // Day d's share of the clips, rounded so that the days add up to the whole.
  let newer = 0;
  for (let d = 0; d < plan.days && total > 0; d++) {
    const fresh = Math.round((plan.clips * (newer + weights[d])) / total) - Math.round((plan.clips * newer) / total);
    newer += weights[d];
    if (d < plan.daysDone) continue;
    if (opts.signal?.aborted) break;
    const posts = await dayPosts(projects, plan, days, d, fresh);
    // The day's newest posts first, a statement each; the next is made ready while one is stored.
    posts.sort((a, b) => b.postedAt.getTime() - a.postedAt.getTime());
    let storing: Promise<unknown> = Promise.resolve();
    for (let i = 0; i < posts.length; i += batch) {
      const ingested = pipeline.ingest(posts.slice(i, i + batch)).then((r) => {
        result.clips += r.clipsInserted;
        result.binClips += r.binClipsInserted;
      });
      ingested.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile
      await storing;
      storing = ingested;
    }
    await storing;
    result.posts += posts.length;
    if (record)
      await db
        .updateTable('demo_corpus')
        .set({ days_done: d + 1 })
        .execute();
    opts.onProgress?.(result.clips);
    await opts.onDay?.(d + 1, plan.days);
  }
  if (!opts.signal?.aborted) {
    // The planner's statistics of the month tables as wholes, which autovacuum never takes: without
    // them a first start's screens plan their joins to clips on a default (ledger/partitions.ts).
    await analyzeMonthTables(db);
    const start = new Date(plan.end.getTime() - plan.days * DAY_MS);
    // At least 17 weeks, so that Follower Growth's 8 weeks compare with the 8 before (FOLLOWER_GROWTH_WEEKS).
    // Last: e2e/browser.ts's demoCorpusWritten takes it as the sign that the corpus is whole.
    await followerHistory(db, plan.seed, new Date(Math.min(start.getTime(), plan.end.getTime() - 17 * 7 * DAY_MS)), plan.end);
    if (record) await db.updateTable('demo_corpus').set({ days_done: plan.days, finished_at: new Date() }).execute();
  }
  result.seconds = Math.round((performance.now() - t0) / 100) / 10;
  return result;
}

/** Daily follower counts of owned profiles over the period (the follower-growth screen). */
async function followerHistory(db: Db, seed: number, start: Date, end: Date) {
  const profiles = await db.selectFrom('profiles').select(['id', 'followers']).execute();
  const rnd = prng(seed ^ 0xf011);
  const ids: number[] = [];
  const at: string[] = [];
  const counts: number[] = [];
  for (const p of profiles) {
    const final = p.followers || 10_000 + Math.floor(rnd() * 200_000);
    const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
    let f = Math.round(final * (0.8 + rnd() * 0.1));
    for (let d = 0; d <= days; d++) {
      f += Math.round(((final - f) / Math.max(1, days - d)) * (0.5 + rnd()));
      ids.push(p.id);
      at.push(new Date(start.getTime() + d * DAY_MS).toISOString());
      counts.push(Math.max(0, f));
    }
  }
  if (ids.length === 0) return;
  await sql`
    insert into follower_snapshots (profile_id, taken_at, followers)
    select * from unnest(${ids}::int[], ${at}::timestamptz[], ${counts}::int[])
    on conflict do nothing`.execute(db);
}
