// The live post simulator: a seeded stream of realistic posts for the projects in the database,
// fed through the real pipeline every tick so that dashboards move while one watches. On by
// default in the embedded mode (config.simulator).
import type { Db } from '../db/connection.ts';
import { createPipeline, type PostSink } from './pipeline.ts';
import { createGenerator, loadSimProjects, prng, type Generator } from './sim-content.ts';

export interface SimulatorOptions {
  intervalMs?: number;
  postsPerTick?: number;
  seed?: number;
  /** Where posts go; the database's own pipeline by default. */
  sink?: PostSink;
  onError?: (err: unknown) => void;
}

const RELOAD_MS = 60_000;

/** Starts ticking; the returned function stops it and resolves once the tick in flight is stored. */
export function startSimulator(db: Db, opts: SimulatorOptions = {}): () => Promise<void> {
  const intervalMs = opts.intervalMs ?? 2000;
  const perTick = opts.postsPerTick ?? 5;
  const seed = opts.seed ?? Date.now() % 2 ** 31;
  const sink = opts.sink ?? createPipeline(db).sink;
  const rnd = prng(seed);
  let gen: Generator | null = null;
  let loadedAt = 0;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function tick() {
    if (!gen || Date.now() - loadedAt > RELOAD_MS) {
      const projects = await loadSimProjects(db);
      loadedAt = Date.now();
      // Ids carry the start time so a restarted simulator never reuses a post id.
      gen = projects.length ? createGenerator(projects, seed, `sim${Date.now().toString(36)}`) : null;
    }
    if (!gen) return;
    // Now and then a burst: a campaign goes live or a service goes down.
    const n = rnd() < 0.05 ? perTick * 6 : Math.max(1, Math.round(perTick * (0.5 + rnd())));
    const now = Date.now();
    const posts = Array.from({ length: n }, () => gen!.post(new Date(now - Math.floor(rnd() * intervalMs))));
    await sink(posts);
  }

  const timer = setInterval(() => {
    if (running || stopped) return; // a slow tick is never overlapped by the next
    running = tick()
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
