// The demo corpus: N clips over the D days up to now for every project in the database, through
// the same enrichment, matching and storage as live posts (so bins, brand association, AVE and
// rollups are what ingestion would have made), written in batches of ten thousand rows per
// statement. When posts happen follows sim-rate.ts (each client's daily rhythm in its own time
// zone), up to the moment of generation: the live simulator carries on from there at the same rate.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { createPipeline, type Enricher } from './pipeline.ts';
import { createCorpusClock, createGenerator, loadSimProjects, prng } from './sim-content.ts';

export interface DemoCorpusOptions {
  clips?: number;
  days?: number;
  seed?: number;
  now?: Date;
  enricher?: Enricher;
  onProgress?: (stored: number) => void;
}

export interface DemoCorpusResult {
  projects: number;
  posts: number;
  clips: number;
  binClips: number;
  seconds: number;
}

const BATCH = 10_000;
/** The corpus's post ids start with this (then the seed): the simulator reads the corpus's rate from them. */
export const CORPUS_ID_PREFIX = 'demo';

export async function generateDemoCorpus(db: Db, opts: DemoCorpusOptions = {}): Promise<DemoCorpusResult> {
  const t0 = performance.now();
  const target = opts.clips ?? 200_000;
  const days = opts.days ?? 90;
  const seed = opts.seed ?? 42;
  const end = opts.now ?? new Date();
  const start = new Date(end.getTime() - days * 86_400_000);
  const projects = await loadSimProjects(db);
  const result: DemoCorpusResult = { projects: projects.length, posts: 0, clips: 0, binClips: 0, seconds: 0 };
  if (projects.length === 0) return result;
  const gen = createGenerator(projects, seed, `${CORPUS_ID_PREFIX}${seed}`);
  const clock = createCorpusClock(projects, seed, start, end);
  const pipeline = createPipeline(db, { batchSize: BATCH, enricher: opts.enricher });
  // Duplicates never become clips, so generate until the target is stored (bounded, to be safe).
  while (result.clips < target && result.posts < target * 1.2) {
    const n = Math.min(BATCH, target - result.clips);
    const posts = Array.from({ length: n }, () => {
      const { at, project } = clock();
      return gen.post(at, project);
    });
    const r = await pipeline.ingest(posts);
    result.posts += n;
    result.clips += r.clipsInserted;
    result.binClips += r.binClipsInserted;
    opts.onProgress?.(result.clips);
  }
  // At least 17 weeks, so that Follower Growth's 8 weeks compare with the 8 before (FOLLOWER_GROWTH_WEEKS).
  await followerHistory(db, seed, new Date(Math.min(start.getTime(), end.getTime() - 17 * 7 * 86_400_000)), end);
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
    const days = Math.round((end.getTime() - start.getTime()) / 86_400_000);
    let f = Math.round(final * (0.8 + rnd() * 0.1));
    for (let d = 0; d <= days; d++) {
      f += Math.round(((final - f) / Math.max(1, days - d)) * (0.5 + rnd()));
      ids.push(p.id);
      at.push(new Date(start.getTime() + d * 86_400_000).toISOString());
      counts.push(Math.max(0, f));
    }
  }
  if (ids.length === 0) return;
  await sql`
    insert into follower_snapshots (profile_id, taken_at, followers)
    select * from unnest(${ids}::int[], ${at}::timestamptz[], ${counts}::int[])
    on conflict do nothing`.execute(db);
}
