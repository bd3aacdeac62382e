// Reports bench: a project of 1,000,000 clips over 90 days (bench/dashboard.ts's
// generator, PGlite in memory, or PostgreSQL in a fresh schema with DATABASE_URL), then
//   - a 30-day PDF (template 3, Full Analysis: every section), Stats and Trend: target < 5 s;
//   - a clip listing spreadsheet of 100,000 rows (the window grown day by day until it holds that
//     many), streamed: target < 10 s and < 300 MB of memory at its peak;
// each rendered (reports/render.ts) and stored in pieces (reports/files.ts) as the generation job
// does it; the listing is given the bench's own maximum (a report's is REPORT_LISTING_MAX_ROWS). Memory is sampled every
// 20 ms: the peak of the JavaScript heap, and the growth of the process's
// resident set over its size before the render (PGlite's own database lives in the same process,
// so the absolute resident set measures the database, not the report).
// Args: --clips N (default 1,000,000), --rows N (default 100,000), --runs N (default 3).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openDb } from '../apps/server/src/db/connection.ts';
import { writeFile } from '../apps/server/src/reports/files.ts';
import { renderRequest } from '../apps/server/src/reports/render.ts';
import { generate, project } from './dashboard.ts';

const DAY = 86_400_000;
const MB = 2 ** 20;

function arg(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

/** Runs f while sampling memory; answers its time and the peaks. */
async function measured<T>(f: () => Promise<T>): Promise<{ result: T; ms: number; heapPeakMb: number; rssGrowthMb: number }> {
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let heapPeak = 0;
  let rssPeak = rss0;
  const sample = () => {
    const m = process.memoryUsage();
    // Not `external` nor `arrayBuffers`: PGlite's database is a WebAssembly memory of this process and counts there.
    heapPeak = Math.max(heapPeak, m.heapUsed);
    rssPeak = Math.max(rssPeak, m.rss);
  };
  const timer = setInterval(sample, 20);
  const t0 = performance.now();
  try {
    const result = await f();
    sample();
    return { result, ms: performance.now() - t0, heapPeakMb: heapPeak / MB, rssGrowthMb: (rssPeak - rss0) / MB };
  } finally {
    clearInterval(timer);
  }
}

export async function run(args: string[]): Promise<void> {
  const clips = arg(args, 'clips', 1_000_000);
  const rows = arg(args, 'rows', 100_000);
  const runs = arg(args, 'runs', 3);
  if (process.env.DATABASE_URL) console.log('reports bench: runs on PGlite in memory (DATABASE_URL is not used by this bench)');
  const h = await openDb({ databaseUrl: null, dataDir: ':memory:' });
  const db = h.db;
  try {
    await migrate(db);
    const bins = await project(db);
    const t0 = performance.now();
    await generate(db, clips, bins);
    console.log(`  data: ${clips.toLocaleString('en')} clips in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const p = await db.selectFrom('projects').select('client_id').where('id', '=', bins.projectId).executeTakeFirstOrThrow();
    const report = async (layout: number, templates: number[], kind: 'stats' | 'trend') =>
      (
        await db
          .insertInto('reports')
          .values({
            client_id: p.client_id,
            project_id: bins.projectId,
            name: `Bench ${kind} ${templates}`,
            layout_id: layout,
            template_ids: templates,
            stream_ids: [7, 8, 9, 11],
            kind,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const request = async (reportId: number, from: Date, to: Date, listing = false) => {
      const guid = randomUUID();
      await db.insertInto('report_requests').values({ guid, report_id: reportId, date_start: from, date_end: to, is_listing: listing }).execute();
      return guid;
    };
    const now = new Date();
    const to = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000);

    for (const kind of ['stats', 'trend'] as const) {
      const guid = await request(await report(3, [3], kind), new Date(to.getTime() - 30 * DAY), to);
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < runs; i++) {
        const m = await measured(async () => writeFile(db, (await renderRequest(db, guid)).body));
        times.push(m.ms);
        size = m.result.size;
      }
      times.sort((a, b) => a - b);
      console.log(
        `  30-day PDF (${kind}, template 3): median ${(times[Math.floor(times.length / 2)] / 1000).toFixed(2)} s, best ${(times[0] / 1000).toFixed(2)} s over ${runs} runs, ${(size / 1024).toFixed(0)} KiB (target < 5 s)`,
      );
    }

    // The listing's window: whole days back from now until it holds `rows` clips.
    const { rows: perDay } = await sql<{ day: Date; n: number }>`
      select date_trunc('day', posted_at) as day, count(*)::int as n from bin_clips
       where bin_id = ${bins.rootBinId} and not rejected and stream_id in (7, 8, 9, 11) group by 1 order by 1 desc`.execute(db);
    let n = 0;
    let from = to;
    // Counted by UTC day; one more day makes sure the window holds at least `rows`.
    for (const d of perDay) {
      from = new Date(d.day);
      if (n >= rows) break;
      n += d.n;
    }
    const listing = await request(await report(2, [6], 'stats'), from, to, true);
    const m = await measured(async () => writeFile(db, (await renderRequest(db, listing, { listingMaxRows: rows })).body));
    const counted = await db
      .selectFrom('bin_clips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bin_id', '=', bins.rootBinId)
      .where('rejected', '=', false)
      .where('stream_id', 'in', [7, 8, 9, 11])
      .where('posted_at', '>=', from)
      .where('posted_at', '<', to)
      .executeTakeFirstOrThrow();
    console.log(
      `  clip listing spreadsheet: ${Number(counted.n).toLocaleString('en')} rows in ${(m.ms / 1000).toFixed(2)} s, ${(m.result.size / MB).toFixed(1)} MiB; ` +
        `memory peak ${m.heapPeakMb.toFixed(0)} MB (JavaScript heap), resident set grew ${m.rssGrowthMb.toFixed(0)} MB (targets < 10 s, < 300 MB)`,
    );
  } finally {
    await h.close();
  }
}
