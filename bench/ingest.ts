// Ingestion benchmark: posts per second through the whole pipeline (enrich on worker threads,
// match, store) against 1, 100 and 10,000 rules, on PGlite and, when DATABASE_URL is set, on
// PostgreSQL in a fresh database; matching cost alone per rule count; peak RSS; the machine.
//   npm run bench -- ingest [--posts N] [--pglite-posts N] [--rules 1,100,10000] [--engines pglite,postgres]
//                           [--batch 2000] [--lanes 2]   (posts per statement; batches stored at once on PostgreSQL)
//                           [--word-bins 1000]           (reaction lists matched in the same pass as the rules)
//                           [--synchronous-commit off]   (the fresh database's setting: is the store commit-bound?)
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { sql } from 'kysely';
import { openDb, type DbHandle } from '../apps/server/src/db/connection.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { enrich } from '../apps/server/src/nlp/enrich.ts';
import { createEnrichPool } from '../apps/server/src/ingest/enrich-pool.ts';
import { compileRules, type RuleSpec } from '../apps/server/src/ingest/matcher/compile.ts';
import { createPipeline } from '../apps/server/src/ingest/pipeline.ts';
import type { Post } from '../apps/server/src/ingest/post.ts';
import { createCorpusClock, createGenerator, loadSimProjects } from '../apps/server/src/ingest/sim-content.ts';
import { seedProject } from '../apps/server/src/ingest/testing.ts';

const PROJECTS = 10;

function arg(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
}

/** Rules spread over PROJECTS projects and their bins: brand words, phrases, hashtags, NOT clauses. */
function ruleSet(n: number): { bin: 'root' | 'sort' | 'input'; expression: string; kind?: string }[][] {
  const out: { bin: 'root' | 'sort' | 'input'; expression: string; kind?: string }[][] = Array.from({ length: PROJECTS }, () => []);
  for (let i = 0; i < n; i++) {
    const bin = (['root', 'sort', 'input'] as const)[i % 3];
    const expression =
      i % 4 === 0
        ? `brand${i} OR #brand${i}`
        : i % 4 === 1
          ? `"campaign ${i}" AND (launch OR deal)`
          : i % 4 === 2
            ? `product${i} NOT (jobs OR hiring)`
            : `@handle${i}`;
    out[i % PROJECTS].push({ bin, expression, kind: i % 4 === 3 ? 'handle' : 'phrase' });
  }
  return out;
}

/**
 * Word bins (reaction lists) spread over the projects, each keyed on another of its project's
 * rules (a word or phrase that rule names), so posts that rule collects can match: half "AND
 * literal, NOT jobs", half "literal AND (launch OR deal)".
 */
async function seedWordBins(db: DbHandle['db'], n: number, sets: { expression: string }[][]): Promise<void> {
  const projects = await db.selectFrom('projects').select(['id', 'client_id']).orderBy('id').execute();
  // The rule's first literal: its quoted phrase, or its first word without # or @.
  const word = (expression: string) =>
    /^"([^"]+)"/.exec(expression)?.[1] ??
    expression
      .replace(/["#@()]/g, ' ')
      .trim()
      .split(/\s+/)[0];
  for (let j = 0; j < n; j++) {
    const p = j % projects.length;
    const rules = sets[p].length ? sets[p] : [{ expression: `bench${p}` }];
    const w = word(rules[Math.floor(j / projects.length) % rules.length].expression);
    const bin = await db
      .insertInto('word_bins')
      .values({
        client_id: projects[p].client_id,
        project_id: projects[p].id,
        description: `Bench list ${j}`,
        start_date: new Date(Date.now() - 86_400_000),
        stop_date: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const keywords: [string, number][] =
      j % 2
        ? [
            [w, 1],
            ['jobs', 3],
          ]
        : [
            [w, 1],
            ['launch', 2],
            ['deal', 2],
          ];
    await db
      .insertInto('word_bin_keywords')
      .values(keywords.map(([value, operator_id], position) => ({ word_bin_id: bin.id, value, operator_id, position })))
      .execute();
  }
}

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
sampler.unref();

async function freshDb(engine: 'pglite' | 'postgres', tag: string, synchronousCommit?: string): Promise<{ h: DbHandle; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const h = await openDb({ databaseUrl: null, dataDir: ':memory:' });
    return { h, drop: () => h.close() };
  }
  // A fresh database rather than a schema: Kysely's migrator looks for its own tables in any
  // schema and would find another run's.
  const name = `bench_ingest_${tag}_${Date.now().toString(36)}`;
  const admin = await openDb({ databaseUrl: process.env.DATABASE_URL!, dataDir: '' });
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  if (synchronousCommit) await sql`alter database ${sql.id(name)} set synchronous_commit = ${sql.lit(synchronousCommit)}`.execute(admin.db);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const h = await openDb({ databaseUrl: url.toString(), dataDir: '' });
  // `with (force)` ends whatever is still connected: only on Ctrl-C, since drop() below closes the
  // run's pool first (close() resolves once its connections are really gone).
  const dropDb = () => sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
  // Ctrl-C or a kill: drop the database instead of leaving it behind.
  const onSignal = (sig: NodeJS.Signals) => {
    console.error(`\n${sig}: dropping database ${name}`);
    dropDb().then(
      () => process.exit(130),
      (err: unknown) => (console.error(err), process.exit(130)),
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    h,
    drop: async () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await h.close().catch(() => undefined);
      await dropDb();
      await admin.close();
    },
  };
}

async function pipelineRun(
  engine: 'pglite' | 'postgres',
  rules: number,
  posts: number,
  tuning: { batchSize: number; lanes: number; wordBins: number; synchronousCommit?: string },
) {
  const { h, drop } = await freshDb(engine, String(rules), tuning.synchronousCommit);
  try {
    await migrate(h.db);
    const sets = ruleSet(rules);
    for (let p = 0; p < PROJECTS; p++)
      await seedProject(h.db, {
        name: `Bench ${p}`,
        rules: sets[p].length ? sets[p] : [{ bin: 'root', expression: `bench${p}` }],
        profile: { streamId: 7, externalId: `owned-${p}`, handle: `benchowned${p}` },
      });
    await seedWordBins(h.db, tuning.wordBins, sets);
    const projects = await loadSimProjects(h.db);
    const gen = createGenerator(projects, 7);
    const clock = createCorpusClock(projects, 7, new Date(Date.now() - 30 * 86_400_000), new Date());
    const input: Post[] = Array.from({ length: posts }, () => {
      const { at, project } = clock();
      return gen.post(at, project);
    });
    const pool = createEnrichPool();
    const pipeline = createPipeline(h.db, { batchSize: tuning.batchSize, enricher: pool.enricher, concurrency: engine === 'postgres' ? tuning.lanes : 1 });
    await pipeline.ingest(input.slice(0, 200)); // warm up: rules compiled, workers loaded, statements planned
    const cpu0 = engine === 'postgres' ? await backendCpu(h) : null;
    const t0 = performance.now();
    const r = await pipeline.ingest(input.slice(200));
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = cpu0 ? await backendCpu(h) : null;
    // CPU seconds the run's PostgreSQL backends spent storing: unlike posts/s, hardly moved by other work on the cores.
    const pgCpu = cpu0 && cpu1 ? [...cpu1].reduce((sum, [pid, t]) => sum + t - (cpu0.get(pid) ?? 0), 0) : null;
    await pool.close();
    // Concurrent batches must still leave both rollups (bin_hourly, bin_hourly_sentiment) in step with the rows.
    const check = await sql<{ rows: number; rolled: number; crossed: number; ave: number; rolled_ave: number; crossed_ave: number }>`
      select (select count(*)::int from bin_clips where not rejected) as rows, (select coalesce(sum(clips), 0)::int from bin_hourly) as rolled,
             (select coalesce(sum(positive + neutral + negative), 0)::int from bin_hourly_sentiment) as crossed,
             (select round(coalesce(sum(ave), 0)::numeric, 0)::float8 from bin_clips where not rejected) as ave,
             (select round(coalesce(sum(ave), 0)::numeric, 0)::float8 from bin_hourly) as rolled_ave,
             (select round(coalesce(sum(ave), 0)::numeric, 0)::float8 from bin_hourly_sentiment) as crossed_ave`.execute(h.db);
    const c = check.rows[0];
    if (c.rows !== c.rolled || c.rows !== c.crossed || Math.abs(c.ave - c.rolled_ave) > 1 || Math.abs(c.ave - c.crossed_ave) > 1)
      throw new Error(`rollups out of step: ${JSON.stringify(c)}`);
    // The world map's rollup (0023) against its located rows.
    const placed = await sql<{ rows: number; rolled: number }>`
      select (select count(*)::int from bin_clips b join clip_locations l on l.clip_id = b.clip_id where not b.rejected) as rows,
             (select coalesce(sum(clips), 0)::int from bin_hourly_places) as rolled`.execute(h.db);
    if (placed.rows[0].rows !== placed.rows[0].rolled) throw new Error(`places rollup out of step: ${JSON.stringify(placed.rows[0])}`);
    // The deep dive's day rows (0026) against its hours.
    const items = await sql<{ hours: number; days: number }>`
      select (select coalesce(sum(owned + earned + chatter), 0)::int from bin_hourly_items) as hours,
             (select coalesce(sum(owned + earned + chatter), 0)::int from bin_daily_items) as days`.execute(h.db);
    if (items.rows[0].hours !== items.rows[0].days) throw new Error(`deep-dive day rows out of step: ${JSON.stringify(items.rows[0])}`);
    const matched = await h.db
      .selectFrom('word_bin_clips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return {
      postsPerSecond: Math.round((posts - 200) / seconds),
      seconds,
      binClips: r.binClipsInserted,
      wordBinClips: Number(matched.n),
      pgCpuPerPost: pgCpu === null ? null : (pgCpu * 1e6) / (posts - 200),
    };
  } finally {
    await drop();
  }
}

/**
 * CPU seconds (user + system) of each PostgreSQL backend connected to the run's database, read from
 * /proc: only when the server runs on this machine (otherwise an empty map, and no figure).
 */
async function backendCpu(h: DbHandle): Promise<Map<number, number>> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(h.db);
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 Hz).
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // not on this machine, or gone
    }
  }
  return out;
}

/**
 * Matching alone, on pre-enriched posts that each satisfy exactly one rule (rule 0, present in
 * every rule set) among words and phrases the other rules also use: what scanning costs as the
 * rule count grows, not how many matches there are. Median of interleaved rounds.
 */
function matchCost(ruleCounts: number[]) {
  const texts = Array.from(
    { length: 5000 },
    (_, i) => `Loving brand0 and the campaign launch deal with @someone${i % 90} #offer${i % 30} in Cape Town, product${(i % 40) + 100000} jobs are great ${i}`,
  );
  const tokens = texts.map((t) => enrich(t).tokens);
  const matchers = ruleCounts.map((n) =>
    compileRules(
      ruleSet(n)
        .flat()
        .map((r, id) => ({ id, expression: r.expression, kind: r.kind }) as RuleSpec),
    ),
  );
  const rounds: number[][] = ruleCounts.map(() => []);
  let hits = 0;
  for (let round = 0; round < 7; round++)
    matchers.forEach((m, k) => {
      const t0 = performance.now();
      for (let rep = 0; rep < 4; rep++) for (const t of tokens) hits += m.match({ tokens: t }).length;
      rounds[k].push(((performance.now() - t0) * 1000) / (4 * tokens.length));
    });
  if (hits !== 7 * 4 * tokens.length * ruleCounts.length) throw new Error(`expected one match per post, got ${hits}`);
  const out: Record<number, number> = {};
  ruleCounts.forEach((n, k) => (out[n] = rounds[k].sort((a, b) => a - b)[3]));
  return out;
}

export async function run(args: string[]): Promise<void> {
  const ruleCounts = arg(args, 'rules', '1,100,10000').split(',').map(Number);
  const pgPosts = Number(arg(args, 'posts', '40000'));
  const pglitePosts = Number(arg(args, 'pglite-posts', '10000'));
  const tuning = {
    batchSize: Number(arg(args, 'batch', '2000')),
    lanes: Number(arg(args, 'lanes', '2')),
    wordBins: Number(arg(args, 'word-bins', '1000')),
    synchronousCommit: arg(args, 'synchronous-commit', '') || undefined,
  };
  const cpu = cpus();
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  // Other work on the same cores changes every figure below: the load average says how much.
  console.log(
    `machine: ${cpu[0]?.model ?? 'unknown'} × ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}; load average ${load()}`,
  );

  const mc = matchCost(ruleCounts);
  console.log('\nmatching only (µs per post; ratio to 1 rule):');
  for (const n of ruleCounts) console.log(`  ${String(n).padStart(6)} rules  ${mc[n].toFixed(2).padStart(7)} µs  ×${(mc[n] / mc[ruleCounts[0]]).toFixed(2)}`);

  const t0 = performance.now();
  for (let i = 0; i < 20_000; i++) enrich(`Great service from the team at Vodacom in Sandton today 👏 #winning ${i}`);
  console.log(`\nenrichment on one thread: ${Math.round(20_000 / ((performance.now() - t0) / 1000))} posts/s`);

  const engines = (process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']).filter((e) =>
    arg(args, 'engines', 'pglite,postgres').split(',').includes(e),
  ) as ('pglite' | 'postgres')[];
  console.log(`\nwhole pipeline (enrich on worker threads → match → store), ${tuning.wordBins} word bins beside the rules, posts/s:`);
  for (const engine of engines)
    for (const n of ruleCounts) {
      const r = await pipelineRun(engine, n, engine === 'pglite' ? pglitePosts : pgPosts, tuning);
      console.log(
        `  ${engine.padEnd(8)} ${String(n).padStart(6)} rules  ${String(r.postsPerSecond).padStart(7)} posts/s  (${r.seconds.toFixed(1)} s, ${r.binClips} bin_clips, ${r.wordBinClips} word-bin matches, rollups in step; ${r.pgCpuPerPost === null ? '' : `PostgreSQL CPU ${r.pgCpuPerPost.toFixed(0)} µs/post; `}load ${load()})`,
      );
    }
  if (!process.env.DATABASE_URL) console.log('  (PostgreSQL skipped: set DATABASE_URL)');
  console.log(`\npeak RSS: ${Math.round(peakRss / 2 ** 20)} MiB; load average at the end ${load()}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run(process.argv.slice(2));
