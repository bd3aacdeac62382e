// The live post simulator: a seeded stream of realistic posts for the projects in the database,
// fed through the real pipeline every tick so that dashboards move while one watches. On by
// default with the demo seed only (config.simulator).
//
// It carries on where the stored posts end, at the demo corpus's rate: each project gets, per
// hour, what sim-rate.ts expects of it (its client's daily rhythm in the client's time zone, its
// share, hour-to-hour noise, the odd burst hour), scaled to the posts a day of the corpus's last
// week (measurePostsPerDay). Each tick draws a Poisson count per project for the time since the
// previous one. The first tick also fills the gap since the newest stored post (a server that was
// stopped for a while), at most CATCH_UP_MS back.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { CORPUS_ID_PREFIX } from './demo-corpus.ts';
import { createPipeline, type PostSink } from './pipeline.ts';
import type { Post } from './post.ts';
import { simulateFollowerGrowth } from '../jobs/follower-snapshots.ts';
import { createGenerator, loadSimProjects, prng, type Generator, type SimProject } from './sim-content.ts';
import { DAY_MS, DEFAULT_POSTS_PER_DAY, HOUR_MS, poisson, postsInHour, projectWeight } from './sim-rate.ts';

export interface SimulatorOptions {
  /** Pause between ticks (2 s). */
  intervalMs?: number;
  seed?: number;
  /** Posts a day per unit of project weight (sim-rate.ts); default: measured from the last stored week. */
  postsPerDay?: number;
  /** How far back the first tick fills a gap since the newest stored post (14 days; 0: no catching up). */
  catchUpMs?: number;
  /** Where posts go; the database's own pipeline by default. */
  sink?: PostSink;
  /** The clock (tests run a simulated day); Date.now by default. */
  now?: () => number;
  onError?: (err: unknown) => void;
}

export interface Simulator {
  /** Posts for the time since the previous step (the first: since the newest stored post); resolves once they are stored. */
  step(): Promise<number>;
  /** Posts a day per unit of project weight, known after the first step. */
  postsPerDay(): number | null;
}

const RELOAD_MS = 60_000;
export const CATCH_UP_MS = 14 * DAY_MS;
/** Posts handed to the sink at once while catching up. */
const CHUNK = 5000;
/** Days of stored posts the rate is read from (the median day, so a burst does not set it). */
const MEASURED_DAYS = 7;

/**
 * Posts a day per unit of project weight: the median of the MEASURED_DAYS days before the demo
 * corpus's newest post (its clips only: an older simulator's posts, or a burst, do not set the
 * rate), over the projects' total weight. Without a corpus, the same over every stored post
 * before `now`. Null when fewer than half of those days have posts (nothing to follow).
 */
export async function measurePostsPerDay(db: Db, projects: SimProject[], now: number): Promise<number | null> {
  const weight = projects.reduce((s, p) => s + projectWeight(p), 0);
  if (weight === 0) return null;
  const nowAt = new Date(now);
  const newest = async (prefix: string) =>
    (await sql<{ at: Date | null }>`select max(posted_at) as at from clips where external_id like ${prefix} and posted_at <= ${nowAt}`.execute(db)).rows[0]
      ?.at ?? null;
  const corpusEnd = await newest(`${CORPUS_ID_PREFIX}%`);
  const prefix = corpusEnd ? `${CORPUS_ID_PREFIX}%` : '%';
  const end = corpusEnd ?? (await newest('%'));
  if (!end) return null;
  const endAt = new Date(end);
  const rows = await sql<{ day: number; n: number }>`
    select floor(extract(epoch from (${endAt}::timestamptz - posted_at)) / 86400)::int as day, count(*)::int as n
      from clips
     where external_id like ${prefix} and posted_at > ${new Date(endAt.getTime() - MEASURED_DAYS * DAY_MS)} and posted_at <= ${endAt}
     group by 1`.execute(db);
  const perDay = Array.from({ length: MEASURED_DAYS }, (_, d) => rows.rows.find((r) => r.day === d)?.n ?? 0).sort((a, b) => a - b);
  if (perDay.filter((n) => n > 0).length < MEASURED_DAYS / 2) return null;
  return perDay[Math.floor(MEASURED_DAYS / 2)] / weight;
}

export function createSimulator(db: Db, opts: SimulatorOptions = {}): Simulator {
  const seed = opts.seed ?? Date.now() % 2 ** 31;
  const sink = opts.sink ?? createPipeline(db).sink;
  const clock = opts.now ?? Date.now;
  const catchUpMs = opts.catchUpMs ?? CATCH_UP_MS;
  const rnd = prng(seed);
  // Its own sequence, so follower growth leaves the posts' draws as they were.
  const followerRnd = prng(seed ^ 0xf011);
  let projects: SimProject[] = [];
  let gen: Generator | null = null;
  let loadedAt = -Infinity;
  let perDay: number | null = opts.postsPerDay ?? null;
  let from: number | null = null;
  let loads = 0;

  async function start(now: number) {
    const newest = await db
      .selectFrom('clips')
      .select((eb) => eb.fn.max('posted_at').as('at'))
      .executeTakeFirst();
    const newestAt = newest?.at ? new Date(newest.at).getTime() : null;
    perDay ??= (await measurePostsPerDay(db, projects, now)) ?? DEFAULT_POSTS_PER_DAY;
    from = newestAt === null ? now : Math.min(now, Math.max(newestAt, now - catchUpMs));
  }

  async function step(): Promise<number> {
    const now = clock();
    if (!gen || now - loadedAt > RELOAD_MS || now < loadedAt) {
      projects = await loadSimProjects(db);
      loadedAt = now;
      // Ids carry the load time and count so neither a restarted simulator nor the next load reuses a post id.
      gen = projects.length ? createGenerator(projects, seed, `sim${Date.now().toString(36)}-${loads++}`) : null;
    }
    if (!gen) return 0;
    if (from === null) await start(now);
    const rate = perDay!;
    let sent = 0;
    let posts: Post[] = [];
    for (let t = from!; t < now;) {
      const hour = Math.floor(t / HOUR_MS);
      const until = Math.min(now, (hour + 1) * HOUR_MS);
      const part = (until - t) / HOUR_MS;
      for (const p of projects) {
        const n = poisson(postsInHour(p, hour, rate, seed) * part, rnd);
        for (let i = 0; i < n; i++) posts.push(gen.post(new Date(t + Math.floor(rnd() * (until - t))), p));
      }
      t = until;
      if (posts.length >= CHUNK) {
        await sink(posts);
        sent += posts.length;
        posts = [];
        from = t; // a later failure does not make the next tick fill this stretch again
      }
    }
    if (posts.length) await sink(posts);
    from = now;
    // The demo's owned profiles (no token to read) gain followers once a day: Follower Growth moves.
    if (!opts.sink) await simulateFollowerGrowth(db, new Date(now), followerRnd);
    return sent + posts.length;
  }

  return { step, postsPerDay: () => perDay };
}

/** Starts ticking; the returned function stops it and resolves once the tick in flight is stored. */
export function startSimulator(db: Db, opts: SimulatorOptions = {}): () => Promise<void> {
  const intervalMs = opts.intervalMs ?? 2000;
  const sim = createSimulator(db, opts);
  let running: Promise<void> | null = null;
  let stopped = false;

  const timer = setInterval(() => {
    if (running || stopped) return; // a slow tick is never overlapped by the next
    running = sim
      .step()
      .then(() => undefined)
      .catch((err) => (opts.onError ?? ((e) => console.error('simulator tick failed', e)))(err))
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref?.();

  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
