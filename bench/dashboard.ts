// Dashboard bench: a project of 1,000,000 clips over 90 days on PGlite, or 10,000,000
// on PostgreSQL (DATABASE_URL, in a fresh schema), generated in SQL (generate_series), rollups
// built, then every dashboard call timed through its service function, and the whole page load
// (all calls at once, as the browser sends them); beside each, the same figure from plain SQL
// over raw bin_clips without rollups. Args: --clips N, --runs N, --raw-runs N, --keep, --calls a,b, --times;
// --schema NAME reuses a schema kept by an earlier run (--keep) on PostgreSQL: no data generated,
// pending migrations applied (0023 fills its rollup from what is stored), the schema kept.
import { randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { readdir } from 'node:fs/promises';
import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import { TOP_POSTS_PER_AUTHOR } from '@listening/contract';
import { guardPool, openDb, type Db } from '../apps/server/src/db/connection.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { rebuildRollups } from '../apps/server/src/ledger/index.ts';
import * as analysisA from '../apps/server/src/modules/analysis/service.ts';
import { comparison as competitorComparison } from '../apps/server/src/modules/analysis/competitors.ts';
import * as clips from '../apps/server/src/modules/clips/service.ts';
import * as dashboard from '../apps/server/src/modules/dashboard/service.ts';
import * as cloud from '../apps/server/src/modules/wordcloud/service.ts';
import { deepDive } from '../apps/server/src/modules/deep-dive/service.ts';
import * as worldMap from '../apps/server/src/modules/worldmap/service.ts';
import { followerGrowth } from '../apps/server/src/modules/followers/service.ts';
import { compareInfluencers, topAuthorsPage } from '../apps/server/src/modules/influencers/service.ts';
import { forgetRangePeople } from '../apps/server/src/analytics/people/range-people.ts';
import { postsIndex } from '../apps/server/src/analytics/people/posts-index.ts';
import type { AuthUser } from '../apps/server/src/plugins/auth.ts';
import { cpuWindow } from './cpu.ts';

const WORDS = [
  'acme',
  'cola',
  'taste',
  'price',
  'summer',
  'launch',
  'great',
  'bad',
  'delivery',
  'service',
  'fizz',
  'sugar',
  'tax',
  'rand',
  'store',
  'braai',
  'weekend',
  'promo',
  'can',
  'bottle',
];
const STREAMS = [7, 8, 9, 11];
const DAYS = 90;

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

async function openBenchDb(): Promise<{ db: Db; engine: string; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const h = await openDb({ databaseUrl: null, dataDir: ':memory:' });
    return { db: h.db, engine: 'PGlite', close: h.close };
  }
  const reused = arg(process.argv, 'schema');
  const schema = reused ?? `bench_${randomBytes(4).toString('hex')}`;
  if (!reused) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  // The bench's connections carry the schema's name, so an interrupted run can end them and drop it.
  const pool = new pg.Pool({ connectionString: url, max: 10, application_name: schema, options: `-c search_path=${schema}` });
  // A connection that dies (dropSchema on Ctrl-C ends them) is reported, not fatal; closed() waits for the sockets.
  const closed = guardPool(pool, (err) => console.error(`bench: a database connection was lost (${err.message})`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const dropSchema = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()', [schema]);
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
  };
  // Ctrl-C or a kill: drop the schema instead of leaving it behind (unless --keep).
  const onSignal = (sig: NodeJS.Signals) => {
    if (process.argv.includes('--keep') || reused) process.exit(130);
    console.error(`\n${sig}: dropping schema ${schema}`);
    dropSchema().then(
      () => process.exit(130),
      (err: unknown) => (console.error(err), process.exit(130)),
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    db,
    engine: 'PostgreSQL',
    async close() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await db.destroy().catch(() => undefined);
      await closed();
      if (process.argv.includes('--keep') || reused) return console.log(`kept schema ${schema}`);
      await dropSchema();
    },
  };
}

const timed = async <T>(label: string, f: () => Promise<T>): Promise<T> => {
  const t0 = performance.now();
  const r = await f();
  console.log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return r;
};

/** A client, a type-1 project with every product, its root bin and two sort bins. */
export async function project(db: Db) {
  const client = await db.insertInto('clients').values({ name: 'Bench Co' }).returning('id').executeTakeFirstOrThrow();
  for (const code of ['KPSZ10', 'KPVT10', 'KPRW10', 'KPOZ10', 'KPIB10', 'KPNT10'])
    await db.insertInto('client_products').values({ client_id: client.id, product_code: code }).execute();
  const root = await db.insertInto('bins').values({ client_id: client.id, name: 'Bench', bin_type_id: 1 }).returning('id').executeTakeFirstOrThrow();
  const p = await db
    .insertInto('projects')
    .values({
      client_id: client.id,
      description: 'Bench',
      project_type_id: 1,
      stream_ids: STREAMS,
      start_date: new Date(Date.now() - 100 * 86_400_000),
      bin_id: root.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('bins').set({ project_id: p.id }).where('id', '=', root.id).execute();
  const sub = async (name: string, type: number) =>
    (
      await db
        .insertInto('bins')
        .values({ client_id: client.id, project_id: p.id, parent_id: root.id, name, bin_type_id: type })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return { projectId: p.id, rootBinId: root.id, sortBinId: await sub('Product mentions', 2), inputBinId: await sub('Manual uploads', 6) };
}

export async function generate(db: Db, n: number, bins: { projectId: number; rootBinId: number; sortBinId: number; inputBinId: number }) {
  const authors = Math.max(100, Math.floor(n / 50));
  const chunk = 500_000;
  const words = sql`array[${sql.join(WORDS)}]::text[]`;
  await timed(`authors (${authors})`, () =>
    sql`insert into authors (stream_id, external_id, name, handle, followers)
        select (array[7,8,9,11])[1 + g % 4], 'a' || g, 'Author ' || g, 'author' || g, (random() ^ 3 * 2000000)::int
          from generate_series(1, ${authors}) g`.execute(db),
  );
  await timed(`clips and enrichment (${n})`, async () => {
    for (let lo = 1; lo <= n; lo += chunk) {
      const hi = Math.min(n, lo + chunk - 1);
      await sql`insert into clips (id, stream_id, external_id, author_id, body, posted_at, link)
          select g, (array[7,8,9,11])[1 + g % 4], 'c' || g, 1 + (g * 7919) % ${authors},
                 w[1 + g % 20] || ' ' || w[1 + (g / 3) % 20] || ' ' || w[1 + (g / 7) % 20] || ' #' || w[1 + (g / 11) % 20] || ' @' || w[1 + (g / 13) % 20] || ' post ' || g,
                 now() - random() * interval '${sql.raw(String(DAYS))} days', 'https://example.test/' || g
            from generate_series(${lo}::bigint, ${hi}::bigint) g, (select ${words} as w) x`.execute(db);
      await sql`insert into clip_enrichment (clip_id, classification_id, terms, hashtags, handles, organisations)
          select g, 0, array[w[1 + g % 20], w[1 + (g / 3) % 20], w[1 + (g / 7) % 20], 'post'], array[w[1 + (g / 11) % 20]], array[w[1 + (g / 13) % 20]],
                 case when g % 5 = 0 then array['Acme'] else '{}'::text[] end
            from generate_series(${lo}::bigint, ${hi}::bigint) g, (select ${words} as w) x`.execute(db);
      // Two posts in three located (the world map), over four places in three countries.
      await sql`insert into clip_locations (clip_id, country_code, place, latitude, longitude)
          select g, (array['ZA','ZA','GB','KE'])[1 + g % 4], (array['Johannesburg','Cape Town','London','Nairobi'])[1 + g % 4],
                 (array[-26.2,-33.9,51.5,-1.3])[1 + g % 4], (array[28.0,18.4,-0.1,36.8])[1 + g % 4]
            from generate_series(${lo}::bigint, ${hi}::bigint) g where g % 3 <> 0`.execute(db);
    }
    await sql`select setval(pg_get_serial_sequence('clips', 'id'), ${n})`.execute(db);
  });
  // Loaded without its secondary indexes, which are built again afterwards exactly as the schema
  // defines them (one sorted build each, instead of every row placed in seven indexes in turn).
  const secondary = await bulkLoadIndexes(db, 'bin_clips');
  await timed('bin_clips (root bin, and 5% each in a sort and an input bin)', async () => {
    for (let lo = 1; lo <= n; lo += chunk) {
      const hi = Math.min(n, lo + chunk - 1);
      for (const [bin, every] of [
        [bins.rootBinId, 1],
        [bins.sortBinId, 20],
        [bins.inputBinId, 20],
      ] as const)
        await sql`insert into bin_clips (bin_id, project_id, clip_id, stream_id, posted_at, author_id, favourability_id, brand_association_id, ave, impact_score, rejected,
                                         engagement)
            select ${bin}, ${bins.projectId}, c.id, c.stream_id, c.posted_at, c.author_id, 1 + c.id % 3, 1 + (c.id / 5) % 3,
                   round((random() * 200)::numeric, 2), round((random() * 100)::numeric, 1), c.id % 50 = 0, c.likes::bigint + c.comments + c.shares
              from clips c where c.id between ${lo} and ${hi} and c.id % ${every}::int = ${bin === bins.inputBinId && every > 1 ? 1 : 0}::int`.execute(db);
    }
  });
  await timed(`bin_clips indexes (${secondary.names.join(', ')})`, () => secondary.rebuild());
  // bin_clips were written directly: build the rollups the way ingestion keeps them, ten days at a
  // time (each part sorts its own rows only, so the temporary files stay a part's size).
  await timed('rollups (rebuildRollups: every rollup table, ten days at a time)', async () => {
    const day = 86_400_000;
    const end = Math.ceil(Date.now() / day) * day + day;
    for (let from = Math.floor(Date.now() / day) * day - (DAYS + 1) * day; from < end; from += 10 * day)
      await rebuildRollups(db, undefined, { from: new Date(from), to: new Date(Math.min(end, from + 10 * day)) });
  });
  // As autovacuum leaves a table after a bulk load (its visibility map set, so index-only scans skip
  // the heap), whether or not this server runs autovacuum.
  await timed('vacuum analyze', () => sql`vacuum (analyze)`.execute(db));
}

/**
 * Drops the indexes of `table` (in the current schema) that no constraint backs, keeping their
 * definitions; `rebuild` creates them again as they were, on every partition.
 */
async function bulkLoadIndexes(db: Db, table: string): Promise<{ names: string[]; rebuild: () => Promise<void> }> {
  const { rows } = await sql<{ name: string; def: string }>`
    select i.relname as name, pg_get_indexdef(i.oid) as def
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      join pg_namespace ns on ns.oid = t.relnamespace
     where t.relname = ${table} and ns.nspname = current_schema()
       and not exists (select 1 from pg_constraint c where c.conindid = i.oid and c.conrelid = t.oid)
     order by i.relname`.execute(db);
  for (const r of rows) await sql`drop index ${sql.ref(r.name)}`.execute(db);
  return {
    names: rows.map((r) => r.name),
    async rebuild() {
      // A partitioned table's definition reads "ON ONLY": built on the parent alone. Without it, on every partition.
      for (const r of rows)
        await db.transaction().execute(async (t) => {
          await sql`set local maintenance_work_mem = '256MB'`.execute(t);
          await sql.raw(r.def.replace(/ ON ONLY /, ' ON ')).execute(t);
        });
    },
  };
}

/**
 * Migrations for a kept schema: those added since it was made, whatever their names (a migration
 * named before one it already has is applied too, which the server's migrate() refuses).
 */
async function migrateKept(db: Db): Promise<void> {
  const dir = new URL('../apps/server/src/db/migrations/', import.meta.url);
  const files = (await readdir(dir)).filter((f) => /^\d{4}_.*\.ts$/.test(f) && !f.includes('.test.')).sort();
  const migrations: Record<string, Migration> = {};
  for (const f of files) migrations[f.replace(/\.ts$/, '')] = (await import(new URL(f, dir).href)) as Migration;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0].schema,
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** The bench project of a kept schema (--schema). */
async function benchProject(db: Db) {
  const p = await db.selectFrom('projects').select(['id', 'bin_id']).where('description', '=', 'Bench').executeTakeFirstOrThrow();
  const sub = async (name: string) =>
    (await db.selectFrom('bins').select('id').where('project_id', '=', p.id).where('name', '=', name).executeTakeFirstOrThrow()).id;
  return { projectId: p.id, rootBinId: p.bin_id!, sortBinId: await sub('Product mentions'), inputBinId: await sub('Manual uploads') };
}

/** Five influencer entries (the most followed authors) and three owned profiles with 120 days of daily follower snapshots. */
async function analysisFixture(db: Db, projectId: number): Promise<{ influencerIds: number[] }> {
  const kept = await db.selectFrom('influencers').select('id').where('project_id', '=', projectId).orderBy('id').execute();
  if (kept.length > 0) return { influencerIds: kept.map((r) => r.id) };
  const top = await db.selectFrom('authors').select(['id', 'name', 'stream_id']).orderBy('followers', 'desc').limit(5).execute();
  const influencerIds: number[] = [];
  for (const a of top)
    influencerIds.push(
      (
        await db
          .insertInto('influencers')
          .values({ project_id: projectId, author_id: a.id, author_name: a.name, stream_id: a.stream_id })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  for (const stream of [7, 8, 9]) {
    const p = await db
      .insertInto('profiles')
      .values({ project_id: projectId, stream_id: stream, external_id: `bench-${stream}`, name: 'Bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into follower_snapshots (profile_id, taken_at, followers)
        select ${p.id}, now() - g * interval '1 day', 100000 - g * 50 from generate_series(0, 120) g`.execute(db);
  }
  return { influencerIds };
}

/** The same figures as plain SQL over raw bin_clips, no rollups (the baseline). */
function rawCalls(db: Db, binId: number, from: Date, to: Date, tz: string) {
  const w = sql`bin_id = ${binId} and stream_id in (${sql.join(STREAMS)}) and posted_at >= ${from} and posted_at < ${to} and not rejected`;
  const q = (s: ReturnType<typeof sql>) => () => s.execute(db);
  return {
    mentions: q(sql`select stream_id, count(*), sum(ave) from bin_clips where ${w} group by 1`),
    heatmap: q(
      sql`select date_trunc('week', posted_at at time zone ${tz}), extract(hour from posted_at at time zone ${tz}), count(*) from bin_clips where ${w} group by 1, 2`,
    ),
    sentimentHeatmap: q(
      sql`select date_trunc('week', posted_at at time zone ${tz}), extract(hour from posted_at at time zone ${tz}), count(*) filter (where favourability_id = 1), count(*) filter (where favourability_id = 2), count(*) filter (where favourability_id = 3) from bin_clips where ${w} group by 1, 2`,
    ),
    dailyInsights: q(
      sql`select date_trunc('month', posted_at at time zone ${tz}), count(*), sum(ave), count(*) filter (where favourability_id = 1) from bin_clips where ${w} group by 1`,
    ),
    favourability: q(sql`select favourability_id, count(*) from bin_clips where ${w} group by 1`),
    sentiment: q(sql`select brand_association_id, favourability_id, count(*), sum(ave) from bin_clips where ${w} group by 1, 2`),
    sortBins: q(
      sql`select bin_id, count(*) from bin_clips where bin_id in (select id from bins where parent_id = ${binId}) and stream_id in (${sql.join(STREAMS)}) and posted_at >= ${from} and posted_at < ${to} and not rejected group by 1`,
    ),
    topAuthors: q(
      sql`select a.id, a.followers, count(*) from bin_clips b join authors a on a.id = b.author_id where ${sql.raw('b.')}bin_id = ${binId} and b.posted_at >= ${from} and b.posted_at < ${to} and not b.rejected group by a.id order by a.followers desc limit 10`,
    ),
    wordCloud: q(
      sql`select t, count(*) from bin_clips b join clip_enrichment e on e.clip_id = b.clip_id, unnest(e.terms) t where ${sql.raw('b.')}bin_id = ${binId} and b.posted_at >= ${from} and b.posted_at < ${to} and not b.rejected group by 1 order by 2 desc limit 100`,
    ),
  } as Record<string, () => Promise<unknown>>;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function measure(f: () => Promise<unknown>, runs: number): Promise<number[]> {
  await f(); // warm
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    out.push(performance.now() - t0);
  }
  return out;
}

export async function run(args: string[]): Promise<void> {
  const c = cpus();
  console.log(`machine: ${c[0]?.model} x ${c.length}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB`);
  const h = await openBenchDb();
  const n = arg(args, 'schema')
    ? Number((await sql<{ n: string }>`select count(*) as n from clips`.execute(h.db)).rows[0].n)
    : Number(arg(args, 'clips') ?? (h.engine === 'PGlite' ? 1_000_000 : 10_000_000));
  const runs = Number(arg(args, 'runs') ?? 20);
  const rawRuns = Number(arg(args, 'raw-runs') ?? 5);
  console.log(`engine: ${h.engine}; ${n.toLocaleString('en')} clips over ${DAYS} days; ${runs} runs per call (${rawRuns} for raw SQL)`);
  try {
    await timed('migrations', () => (arg(args, 'schema') ? migrateKept(h.db) : migrate(h.db)));
    const bins = arg(args, 'schema') ? await benchProject(h.db) : await project(h.db);
    if (!arg(args, 'schema')) await generate(h.db, n, bins);
    // Tables a migration just filled have no statistics yet (autovacuum would get there): as after generation.
    else await timed('vacuum analyze', () => sql`vacuum (analyze)`.execute(h.db));

    const user: AuthUser = { id: 0, isAdmin: true, sessionId: 0, actingAdminId: null };
    const end = new Date();
    const start = new Date(end.getTime() - DAYS * 86_400_000);
    const day = (d: Date) => new Date(`${d.toISOString().slice(0, 10)}T00:00:00Z`);
    const aq = { projectId: bins.projectId, startDate: day(start), endDate: day(end), streamIds: STREAMS };
    const analysis = await analysisFixture(h.db, bins.projectId);
    const calls: Record<string, () => Promise<unknown>> = {
      mentions: () => dashboard.mentions(h.db, user, aq),
      heatmap: () => dashboard.heatmap(h.db, user, aq),
      sentimentHeatmap: () => dashboard.sentimentHeatmap(h.db, user, aq),
      topPosts: () => dashboard.topPosts(h.db, user, { ...aq, limit: 10, maxPerAuthor: TOP_POSTS_PER_AUTHOR }),
      topAuthors: () => dashboard.topAuthors(h.db, user, { ...aq, showAll: false }),
      dailyInsights: () => dashboard.dailyInsights(h.db, user, aq),
      favourability: () => dashboard.favourability(h.db, user, aq),
      sentiment: () => dashboard.sentimentSummary(h.db, user, aq),
      sortBins: () => dashboard.sortBinTree(h.db, user, aq, 'treeview'),
      wordCloud: () => cloud.wordCloud(h.db, user, { ...aq, cloudFilter: 'words' }),
      clipTray: () => clips.listClips(h.db, user, { ...aq, limit: 10, rejected: false }),
    };
    // The analysis screens' calls: timed one by one like the dashboard's, but not part of its page load.
    const analysisCalls: Record<string, () => Promise<unknown>> = {
      // The author screens: the Top Authors page (by followers, Show All's first page of 50)
      // as the first request of its range (the range's people forgotten before each run; the
      // bin's posts index, loaded once before the calls are timed, kept: posts-index.ts), then
      // another page of the same range by clips (the people kept by the first: range-people.ts);
      // five influencers compared, Follower Growth of three profiles with a snapshot a day.
      topAuthorsPage: () => {
        forgetRangePeople(h.db);
        return topAuthorsPage(h.db, user, { ...aq, sort: 'followers', page: 1, pageSize: 50 });
      },
      topAuthorsPageKept: () => topAuthorsPage(h.db, user, { ...aq, sort: 'clips', page: 2, pageSize: 50 }),
      influencerCompare: () =>
        compareInfluencers(h.db, user, {
          influencers: analysis.influencerIds,
          fromDate: aq.startDate,
          endDate: aq.endDate,
          projectId: aq.projectId,
          streamIds: aq.streamIds,
        }),
      followerGrowth: () => followerGrowth(h.db, user, aq),
      // The Sentiment screen (totals now and before, breakdown, buckets), Content
      // classification, and the competitor donut (the project's own bin, now and before).
      sentimentRating: () => analysisA.sentimentRating(h.db, user, aq),
      classification: () => analysisA.contentClassification(h.db, user, aq),
      competitors: () => competitorComparison(h.db, user, aq),
      // The deep dive's hashtags (now and before, top items, their weeks), the
      // world map's countries and places, and the tree view's newest clips of a folder.
      deepDive: () => deepDive(h.db, user, { ...aq, railType: 'hashtag' }),
      worldMapCountries: () => worldMap.countries(h.db, user, aq),
      worldMapCluster: () => worldMap.cluster(h.db, user, aq),
      clipsOfBins: () =>
        clips.clipsOfBins(h.db, user, { binIds: [bins.sortBinId], startDate: aq.startDate, endDate: aq.endDate, streamIds: aq.streamIds, limit: 10 }),
    };
    // The posts index's one-off load of the bin (every later request reads only what is new).
    forgetRangePeople(h.db, { index: true });
    await timed('posts index load', () => postsIndex(h.db).warm(h.db, bins.rootBinId));
    const tz = 'Africa/Johannesburg';
    const raw = rawCalls(h.db, bins.rootBinId, start, end, tz);

    console.log(`\n${'call'.padEnd(18)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)}   ${'raw p50'.padStart(9)} ${'raw p95'.padStart(9)}   ratio p95`);
    const p95s: number[] = [];
    // --calls a,b: only these calls (and not the whole dashboard), to time one call again quickly.
    const only = arg(args, 'calls')?.split(',');
    const callsWindow = cpuWindow();
    for (const [name, f] of Object.entries({ ...calls, ...analysisCalls })) {
      if (only && !only.includes(name)) continue;
      const t = await measure(f, runs);
      // --times: each run's time in the order run (a slow run's place shows what ran beside it).
      if (args.includes('--times')) console.log(`  ${name} runs: ${t.map((x) => x.toFixed(0)).join(' ')}`);
      p95s.push(pct(t, 95));
      // --raw-runs 0: no raw SQL timed (its columns print '-').
      const r = raw[name] && rawRuns > 0 ? await measure(raw[name], rawRuns) : null;
      const ratio = r ? `${(pct(r, 95) / pct(t, 95)).toFixed(1)}x` : raw[name] ? '(not run)' : '(same SQL)';
      console.log(
        `${name.padEnd(18)} ${pct(t, 50).toFixed(1).padStart(9)} ${pct(t, 95).toFixed(1).padStart(9)}   ${(r ? pct(r, 50).toFixed(1) : '-').padStart(9)} ${(r ? pct(r, 95).toFixed(1) : '-').padStart(9)}   ${ratio}`,
      );
    }
    console.log(`  while the calls ran: ${callsWindow.end()}`);
    if (only) return;
    const pageWindow = cpuWindow();
    const page = await measure(() => Promise.all(Object.values(calls).map((f) => f())), runs);
    const pageCpu = pageWindow.end();
    const rawPage = rawRuns > 0 ? await measure(() => Promise.all(Object.values(raw).map((f) => f())), rawRuns) : null;
    const rawCols = rawPage
      ? `${pct(rawPage, 50).toFixed(1).padStart(9)} ${pct(rawPage, 95).toFixed(1).padStart(9)}   ${(pct(rawPage, 95) / pct(page, 95)).toFixed(1)}x`
      : `${'-'.padStart(9)} ${'-'.padStart(9)}   (not run)`;
    console.log(`${'whole dashboard'.padEnd(18)} ${pct(page, 50).toFixed(1).padStart(9)} ${pct(page, 95).toFixed(1).padStart(9)}   ${rawCols}`);
    console.log(`  while the whole dashboard ran: ${pageCpu}`);
    console.log(
      `slowest call p95: ${Math.max(...p95s).toFixed(1)} ms (target < 150 on PostgreSQL at 10M, < 50 for the analysis calls); whole dashboard p95 target < 300 ms`,
    );
  } finally {
    await h.close();
  }
}
