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
//
// A project it has not seen before and that has no posts yet (one just made in the wizard) gets, on
// the tick that finds it, its first day: the posts the model expects of it over the last
// STARTER_MS (at least STARTER_MIN), about its own rules (its root rule's keywords for a new
// project), as a connector's first search reads back; so a project made in the demo shows figures
// within a tick instead of a post every few minutes. Every tick asks whether projects or rules
// changed (one small query), so a new project is found at the next tick, not at the next reload.
// Projects whose stop date has passed get nothing, as the connector job reads nothing for them.
// Owned accounts answer most of the replies addressed to them (sim-answers.ts): an answer due
// later than the tick waits for the tick that reaches its time, so the response queue sees an item
// open and then closed by the reply, as with a connector reading the answer later.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { CORPUS_ID_PREFIX } from './demo-corpus.ts';
import { createPipeline, type PostSink } from './pipeline.ts';
import { invalidateRules } from './rules.ts';
import type { Post } from './post.ts';
import { simulateFollowerGrowth } from '../modules/followers/snapshots.ts';
import { prng } from '../prng.ts';
import { createAnswerer, type Answerer } from './sim-answers.ts';
import { createGenerator, loadSimProjects, type Generator, type SimProject } from './sim-content.ts';
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
/** How far back a new project's first posts go: a day, so every widget of its dashboard has something. */
export const STARTER_MS = DAY_MS;
/** A new project's first posts are at least this many, even at a small demo's rate. */
export const STARTER_MIN = 20;
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

/** Projects and active rules as they stand: it changes when a project or rule is made or removed. */
async function rulesSignature(db: Db): Promise<string> {
  const r = await sql<{ sig: string }>`
    select concat_ws(':', (select count(*) from projects where not is_deleted), (select max(id) from projects),
                          (select count(*) from bin_rules where is_active), (select max(id) from bin_rules)) as sig`.execute(db);
  return r.rows[0]?.sig ?? '';
}

/** Per project: whether its stop date has passed, and whether its root bin has any post yet. */
async function projectStates(db: Db, ids: number[], now: number): Promise<Map<number, { stopped: boolean; hasPosts: boolean }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('projects')
    .select(['projects.id', 'projects.stop_date'])
    .select((eb) => eb.exists(eb.selectFrom('bin_hourly').select('bin_hourly.bin_id').whereRef('bin_hourly.bin_id', '=', 'projects.bin_id')).as('has_posts'))
    .where('projects.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { stopped: !!r.stop_date && new Date(r.stop_date).getTime() <= now, hasPosts: !!r.has_posts }]));
}

export function createSimulator(db: Db, opts: SimulatorOptions = {}): Simulator {
  const seed = opts.seed ?? Date.now() % 2 ** 31;
  const sink = opts.sink ?? createPipeline(db).sink;
  const clock = opts.now ?? Date.now;
  const catchUpMs = opts.catchUpMs ?? CATCH_UP_MS;
  const rnd = prng(seed);
  // Its own sequence, so follower growth leaves the posts' draws as they were.
  const followerRnd = prng(seed ^ 0xf011);
  // The answers' draws too: answering leaves the posts as they were.
  const answerRnd = prng(seed ^ 0xa45);
  let answerer: Answerer | null = null;
  /** Answers drawn but not due yet (posted after the tick's now). */
  let pending: Post[] = [];
  let projects: SimProject[] = [];
  let gen: Generator | null = null;
  let loadedAt = -Infinity;
  let perDay: number | null = opts.postsPerDay ?? null;
  let from: number | null = null;
  let loads = 0;
  let signature: string | null = null;
  /** Projects seen by an earlier load: only the others can be new. */
  const known = new Set<number>();
  /** New projects still owed their first posts (kept until those are stored). */
  let starters: SimProject[] = [];

  async function load(now: number) {
    const all = await loadSimProjects(db);
    const states = await projectStates(
      db,
      all.map((p) => p.id),
      now,
    );
    projects = all.filter((p) => !states.get(p.id)?.stopped);
    starters = [...starters.filter((s) => projects.some((p) => p.id === s.id)), ...projects.filter((p) => !known.has(p.id) && !states.get(p.id)?.hasPosts)];
    for (const p of all) known.add(p.id);
    loadedAt = now;
    // Ids carry the load time and count so neither a restarted simulator nor the next load reuses a post id;
    // the seed moves with the count so the next load does not draw the same posts again (a minute's repeat).
    gen = projects.length ? createGenerator(projects, (seed + loads * 0x9e3779b9) >>> 0, `sim${Date.now().toString(36)}-${loads}`) : null;
    loads++;
    answerer = createAnswerer(projects, answerRnd);
  }

  /** The owned accounts' answers to some of the posts: those due by now; the later ones wait in `pending`. */
  function answersTo(posts: Post[], now: number): Post[] {
    const due: Post[] = [];
    for (const p of posts) {
      const a = answerer?.answer(p);
      if (a) (a.postedAt.getTime() <= now ? due : pending).push(a);
    }
    return due;
  }

  /** The pending answers whose time has come (taken out of `pending`). */
  function dueAnswers(now: number): Post[] {
    const due = pending.filter((a) => a.postedAt.getTime() <= now);
    pending = pending.filter((a) => a.postedAt.getTime() > now);
    return due;
  }

  /** A new project's first posts: the model's over the last STARTER_MS, at least STARTER_MIN. */
  function starterPosts(p: SimProject, now: number, rate: number): Post[] {
    const posts: Post[] = [];
    const start = now - STARTER_MS;
    for (let t = start; t < now;) {
      const hour = Math.floor(t / HOUR_MS);
      const until = Math.min(now, (hour + 1) * HOUR_MS);
      const n = poisson(postsInHour(p, hour, rate, seed) * ((until - t) / HOUR_MS), rnd);
      for (let i = 0; i < n; i++) posts.push(gen!.post(new Date(t + Math.floor(rnd() * (until - t))), p));
      t = until;
    }
    while (posts.length < STARTER_MIN) posts.push(gen!.post(new Date(start + Math.floor(rnd() * STARTER_MS)), p));
    return [...posts, ...answersTo(posts, now)];
  }

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
    const sig = await rulesSignature(db);
    if (!gen || sig !== signature || now - loadedAt > RELOAD_MS || now < loadedAt) {
      // A project or rule made a moment ago: the pipeline's cached rule set must know it too.
      if (signature !== null && sig !== signature) invalidateRules(db);
      signature = sig;
      await load(now);
    }
    if (!gen) return 0;
    if (from === null) await start(now);
    const rate = perDay!;
    let sent = 0;
    // New projects first: their day replaces their share of this tick.
    const starting = new Set(starters.map((p) => p.id));
    for (const p of starters) {
      const first = starterPosts(p, now, rate);
      await sink(first);
      sent += first.length;
      starters = starters.filter((s) => s.id !== p.id);
    }
    let posts: Post[] = [];
    for (let t = from!; t < now;) {
      const hour = Math.floor(t / HOUR_MS);
      const until = Math.min(now, (hour + 1) * HOUR_MS);
      const part = (until - t) / HOUR_MS;
      for (const p of projects) {
        if (starting.has(p.id)) continue;
        const n = poisson(postsInHour(p, hour, rate, seed) * part, rnd);
        for (let i = 0; i < n; i++) posts.push(gen.post(new Date(t + Math.floor(rnd() * (until - t))), p));
      }
      t = until;
      if (posts.length >= CHUNK) {
        posts.push(...answersTo(posts, now));
        await sink(posts);
        sent += posts.length;
        posts = [];
        from = t; // a later failure does not make the next tick fill this stretch again
      }
    }
    posts.push(...answersTo(posts, now), ...dueAnswers(now));
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
