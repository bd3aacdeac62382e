// Load bench (docs/scaling.md, "Load"): simulated users against the product on PostgreSQL while
// ingestion runs at 1,000 posts/s, first against one all-in-one process, then against two API
// processes and a worker.
//   npm run bench -- load [--quick] [--json] [--users 4,8,16,32] [--step-seconds 30] [--clips N]
// A user signs in once, then goes round the screens with a pause of 0.5–1.5 s between them: the
// dashboard (every widget's call at once, as the browser sends them), an analysis screen
// (sentiment rating, content classification, competitors, world map or deep dive), the clip tray
// (a first page and the next), or a rating of a post of the tray. The number of users steps up;
// at each step the bench prints requests/s, p50/p95/p99 per call and the errors. "Users held" is
// the largest step whose p95 over every call stays under 1 s with no error; the scaling factor is
// the two API processes' peak requests/s over the one process's (a step with more users than a
// setup can serve adds no requests/s, so the peak is its capacity).
// Runs on a PostgreSQL cluster of its own (initdb into a temporary folder: the machine's
// PostgreSQL server binaries, as the tests' apps/server/src/test/pg-cluster.ts uses them), filled
// with the demo tenant and a demo corpus of --clips posts over 30 days (default 100,000; --quick
// 30,000). --json prints one JSON object: errors, scaling, p95Ms, usersHeld and the steps.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuWindow } from './cpu.ts';
import pg from 'pg';
import {
  HOST_PREFIX,
  getCompetitors,
  getClips,
  getContentClassification,
  getDailyInsights,
  getDeepDive,
  getFavourability,
  getHeatmap,
  getMentions,
  getSentimentHeatmap,
  getSentimentRating,
  getSentimentSummary,
  getTopAuthors,
  getTopPosts,
  getWorldMapCountries,
  rateClips,
  type OperationSpec,
} from '@listening/contract';
import { openDb } from '../apps/server/src/db/connection.ts';
import { createPipeline } from '../apps/server/src/ingest/pipeline.ts';
import { createGenerator, loadSimProjects } from '../apps/server/src/ingest/sim-content.ts';
import { clusterUnavailable, freePort, startCluster, type Cluster } from '../apps/server/src/test/pg-cluster.ts';
import { startServerProcess, until, type ServerProcess } from '../apps/server/src/test/server-process.ts';

const INGEST_PER_SECOND = 1_000;
const P95_GOAL_MS = 1_000;

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

const DASHBOARD = [getMentions, getSentimentSummary, getHeatmap, getTopPosts, getTopAuthors, getFavourability, getDailyInsights, getSentimentHeatmap];
const ANALYSIS = [getSentimentRating, getContentClassification, getCompetitors, getWorldMapCountries, getDeepDive];

interface Sample {
  call: string;
  ms: number;
  ok: boolean;
}

/** Failed calls printed so far (the first few, to say why). */
let printed = 0;

const wallDate = (d: Date) => d.toISOString().slice(0, 10);

/** The last 30 days and every stream but YouTube (which is read on its own), as a dashboard opens. */
function scopeOf(projectId: number): Record<string, string> {
  const end = new Date();
  return { projectId: String(projectId), startDate: wallDate(new Date(end.getTime() - 29 * 86_400_000)), endDate: wallDate(end), streamIds: '7,8,9,11,12' };
}

/** One simulated user's round of the screens until `stopAt`; every call's time and outcome goes to `samples`. */
async function user(bases: string[], token: string, projects: number[], stopAt: number, samples: Sample[], seed: number): Promise<void> {
  let n = seed;
  const rnd = () => (n = (Math.imul(n, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  let turn = seed;
  const call = async (op: OperationSpec, query: Record<string, string>, body?: unknown): Promise<any> => {
    const base = bases[turn++ % bases.length];
    const url = `${base}${HOST_PREFIX[op.host]}${op.path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
    const t0 = performance.now();
    let ok = false;
    let json: unknown = null;
    try {
      const res = await fetch(url, {
        method: op.method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      json = await res.json().catch(() => null);
      ok = res.status < 400;
      if (!ok && printed++ < 5) console.error(`${op.method} ${op.path}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
    } catch (err) {
      if (printed++ < 5) console.error(`${op.method} ${op.path}: ${(err as Error).message}`);
    }
    samples.push({ call: `${op.method} ${op.path}`, ms: performance.now() - t0, ok });
    return json;
  };
  while (Date.now() < stopAt) {
    const projectId = projects[Math.floor(rnd() * projects.length)];
    const q = scopeOf(projectId);
    const screen = rnd();
    if (screen < 0.4) await Promise.all(DASHBOARD.map((op) => call(op, q)));
    else if (screen < 0.7) await call(ANALYSIS[Math.floor(rnd() * ANALYSIS.length)], q);
    else {
      const first = (await call(getClips, { ...q, limit: '10' })) as { Data?: { Id: number }[]; NextCursor?: string | null; SnapshotId?: number } | null;
      if (first?.NextCursor && first.SnapshotId) await call(getClips, { ...q, limit: '10', cursor: first.NextCursor, snapshotId: String(first.SnapshotId) });
      if (screen >= 0.9 && first?.Data?.length)
        await call(
          rateClips,
          {},
          { projectId, binClipBaseIds: [first.Data[Math.floor(rnd() * first.Data.length)].Id], favourabilityId: 1 + Math.floor(rnd() * 3) },
        );
    }
    await new Promise((r) => setTimeout(r, 500 + rnd() * 1_000));
  }
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

interface Step {
  users: number;
  requests: number;
  perSecond: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  calls: Record<string, { n: number; p50Ms: number; p95Ms: number; p99Ms: number; errors: number }>;
  /** What the machine did during the step (bench/cpu.ts): the load average and the CPU shares. */
  machine?: string;
}

function summarise(users: number, samples: Sample[], seconds: number): Step {
  const byCall = new Map<string, Sample[]>();
  for (const s of samples) byCall.set(s.call, [...(byCall.get(s.call) ?? []), s]);
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const calls: Step['calls'] = {};
  for (const [name, list] of byCall) {
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    calls[name] = {
      n: list.length,
      p50Ms: Math.round(pct(ms, 50)),
      p95Ms: Math.round(pct(ms, 95)),
      p99Ms: Math.round(pct(ms, 99)),
      errors: list.filter((s) => !s.ok).length,
    };
  }
  return {
    users,
    requests: samples.length,
    perSecond: Math.round((samples.length / seconds) * 10) / 10,
    errors: samples.filter((s) => !s.ok).length,
    p50Ms: Math.round(pct(all, 50)),
    p95Ms: Math.round(pct(all, 95)),
    p99Ms: Math.round(pct(all, 99)),
    calls,
  };
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/crm/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: 'admin@demo.example', Password: 'demo-password' }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Posts at INGEST_PER_SECOND through the pipeline, in five batches a second, until stopped. */
function startIngestion(url: string): () => Promise<{ posts: number; seconds: number }> {
  let stopped = false;
  let posts = 0;
  const started = Date.now();
  const done = (async () => {
    const h = await openDb({ databaseUrl: url, dataDir: ':memory:' });
    const pipeline = createPipeline(h.db);
    const gen = createGenerator(await loadSimProjects(h.db), 4242, `load${Date.now().toString(36)}`);
    const projects = await loadSimProjects(h.db);
    const perBatch = INGEST_PER_SECOND / 5;
    let next = Date.now();
    while (!stopped) {
      const now = Date.now();
      const batch = Array.from({ length: perBatch }, (_, i) => gen.post(new Date(now - i), projects[(posts + i) % projects.length]));
      await pipeline.ingest(batch);
      posts += batch.length;
      next += 200;
      const wait = next - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    await h.close();
  })();
  return async () => {
    stopped = true;
    await done;
    return { posts, seconds: (Date.now() - started) / 1000 };
  };
}

async function measure(label: string, bases: string[], levels: number[], stepSeconds: number, projects: number[], say: (s: string) => void): Promise<Step[]> {
  const tokens = await Promise.all(Array.from({ length: Math.max(...levels) }, (_, i) => login(bases[i % bases.length])));
  const steps: Step[] = [];
  for (const users of levels) {
    const samples: Sample[] = [];
    const stopAt = Date.now() + stepSeconds * 1000;
    const window = cpuWindow();
    await Promise.all(Array.from({ length: users }, (_, i) => user(bases, tokens[i], projects, stopAt, samples, i + 1)));
    const step = { ...summarise(users, samples, stepSeconds), machine: window.end() };
    steps.push(step);
    say(
      `${label}: ${String(users).padStart(3)} users  ${String(step.perSecond).padStart(6)} req/s  p50 ${step.p50Ms} ms  p95 ${step.p95Ms} ms  p99 ${step.p99Ms} ms  errors ${step.errors}`,
    );
    say(`  ${step.machine}`);
    if (step.p95Ms > 3 * P95_GOAL_MS) break; // far past the goal: more users only queue
  }
  return steps;
}

/** A process's resident memory now and at its peak, in MiB (Linux: /proc/<pid>/status); null elsewhere. */
function memoryOf(p: ServerProcess): { rssMb: number; peakRssMb: number } | null {
  try {
    const status = readFileSync(`/proc/${p.child.pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

/** The machine's load averages (1, 5, 15 min): the bench shares its cores with whatever else runs. */
const loadNow = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const held = (steps: Step[]) => steps.filter((s) => s.p95Ms < P95_GOAL_MS && s.errors === 0).reduce((m, s) => Math.max(m, s.users), 0);

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const quick = args.includes('--quick');
  const say = json ? console.error : console.log;
  const why = clusterUnavailable();
  if (why) throw new Error(`the load bench runs on a PostgreSQL cluster of its own: ${why}`);
  const levels = (arg(args, 'users') ?? (quick ? '4,8,16' : '4,8,16,32,48,64')).split(',').map(Number);
  const stepSeconds = Number(arg(args, 'step-seconds') ?? (quick ? 20 : 45));
  const clips = Number(arg(args, 'clips') ?? (quick ? 30_000 : 100_000));

  const cluster: Cluster = await startCluster();
  const dataDir = mkdtempSync(join(tmpdir(), 'load-'));
  const processes: ServerProcess[] = [];
  const env = (port: number) => ({
    ...process.env,
    DATABASE_URL: cluster.url,
    DATA_DIR: dataDir,
    DEMO: '1',
    DEMO_CLIPS: String(clips),
    DEMO_DAYS: '30',
    SIMULATOR: '0',
    CONNECTOR_INTERVAL_MS: '0',
    LOGIN_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const start = async (role: 'all' | 'api' | 'worker') => {
    const port = await freePort();
    const p = startServerProcess(role, env(port));
    processes.push(p);
    return { p, base: `http://127.0.0.1:${port}` };
  };
  const stop = async (p: ServerProcess) => {
    p.child.kill('SIGTERM');
    await until('a process stopped', 30, async () => (p.exited ? true : undefined));
  };
  try {
    say(`loading the demo corpus (${clips} posts over 30 days) on a PostgreSQL cluster of the bench's own…`);
    const loadStarted = Date.now();
    const one = await start('all');
    await until('the demo corpus loaded', 1_800, async () => ((await fetch(`${one.base}/healthz`)).status === 200 ? true : undefined));
    say(`loaded in ${Math.round((Date.now() - loadStarted) / 1000)} s`);
    const c = new pg.Client({ connectionString: cluster.url });
    await c.connect();
    const all = (await c.query<{ id: number }>('select id from projects where not is_deleted order by id')).rows.map((r) => Number(r.id));
    await c.end();
    // The projects whose screens show every call the users make (type and products allow them), as a user only opens those.
    const token = await login(one.base);
    const projects: number[] = [];
    for (const id of all) {
      const q = scopeOf(id);
      const answers = await Promise.all(
        [...DASHBOARD, ...ANALYSIS, getClips].map((op) =>
          fetch(`${one.base}${HOST_PREFIX[op.host]}${op.path}?${new URLSearchParams(q)}`, { headers: { authorization: `Bearer ${token}` } }).then(
            (r) => r.status,
          ),
        ),
      );
      if (answers.every((code) => code === 200)) projects.push(id);
    }
    if (projects.length === 0) throw new Error('no project of the demo tenant shows every screen the users open');
    say(`${projects.length} of ${all.length} projects show every screen the simulated users open`);

    const stopIngestA = startIngestion(cluster.url);
    const a = await measure('one all-in-one process', [one.base], levels, stepSeconds, projects, say);
    const ingestA = await stopIngestA();
    const memA = { all: memoryOf(one.p) };
    const loadA = loadNow();
    await stop(one.p);

    const api1 = await start('api');
    const api2 = await start('api');
    const worker = await start('worker');
    for (const s of [api1, api2]) await until('an API process ready', 120, async () => ((await fetch(`${s.base}/healthz`)).status === 200 ? true : undefined));
    const stopIngestB = startIngestion(cluster.url);
    const b = await measure('two API processes and a worker', [api1.base, api2.base], levels, stepSeconds, projects, say);
    const ingestB = await stopIngestB();
    const memB = { api: [memoryOf(api1.p), memoryOf(api2.p)], worker: memoryOf(worker.p) };
    const loadB = loadNow();

    const top = Math.min(a.length, b.length) - 1;
    const peak = (steps: Step[]) => Math.max(...steps.map((s) => s.perSecond));
    const scaling = peak(a) > 0 ? Math.round((peak(b) / peak(a)) * 100) / 100 : 0;
    const errors = [...a, ...b].reduce((s, x) => s + x.errors, 0);
    const result = {
      errors,
      scaling,
      p95Ms: Math.max(...b.map((s) => s.p95Ms)),
      usersHeld: { one: held(a), two: held(b) },
      ingestedPerSecond: { one: Math.round(ingestA.posts / ingestA.seconds), two: Math.round(ingestB.posts / ingestB.seconds) },
      memory: { one: memA, two: memB },
      loadAverage: { one: loadA, two: loadB },
      steps: { one: a, two: b },
    };
    if (json) console.log(JSON.stringify(result));
    else {
      say(`\nusers held at a p95 under ${P95_GOAL_MS} ms: ${result.usersHeld.one} (one process), ${result.usersHeld.two} (two API processes and a worker)`);
      say(`ingestion meanwhile: ${result.ingestedPerSecond.one} and ${result.ingestedPerSecond.two} posts/s (goal ${INGEST_PER_SECOND})`);
      say(`scaling from one to two API processes (peak requests/s, ${peak(a)} → ${peak(b)}): ×${scaling}; errors: ${errors}`);
      const mb = (m: { rssMb: number; peakRssMb: number } | null) => (m ? `${m.rssMb} MiB (peak ${m.peakRssMb})` : 'unknown');
      say(`memory (resident) at the end: all-in-one ${mb(memA.all)}; API processes ${memB.api.map(mb).join(', ')}; worker ${mb(memB.worker)}`);
      say(`machine load averages (1, 5, 15 min) at the end of each set-up: ${loadA} and ${loadB}`);
      say(`\nper call at ${b[top].users} users, two API processes:`);
      for (const [name, s] of Object.entries(b[top].calls))
        say(`  ${name.padEnd(48)} n ${String(s.n).padStart(5)}  p50 ${s.p50Ms} ms  p95 ${s.p95Ms} ms  p99 ${s.p99Ms} ms  errors ${s.errors}`);
    }
  } finally {
    for (const p of processes) if (!p.exited) p.child.kill('SIGKILL');
    cluster.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
