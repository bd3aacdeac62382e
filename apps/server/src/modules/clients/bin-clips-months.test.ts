// The daily bin-clips-months job (jobs.ts) on the durable runner: it makes next month's partition
// ahead, and with BIN_CLIPS_KEEP_MONTHS set detaches (or drops) the months older than that which
// retention has emptied, once across workers. Runs on PGlite and on PostgreSQL (npm run test:pg).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { binClipsKeepMonths, binClipsOldMonths, loadConfig } from '../../config.ts';
import type { JobContext } from '../../jobs/module-jobs.ts';
import { createRunner, schedule } from '../../jobs/runner.ts';
import { binClipsMonths, makeBinClipsMonths, monthPartition, monthStart } from '../../ledger/index.ts';
import { useFixtureApp, type Fixture } from '../../test/analytic-fixture.ts';
import type { TestContext } from '../../test/harness.ts';
import { BIN_CLIPS_MONTHS_QUEUE, binClipsMonthsRun, clientJobs, MONTH_STATISTICS_QUEUE } from './jobs.ts';

describe('bin-clips-months job', () => {
  let t: TestContext;
  let fx: Fixture;
  useFixtureApp((app, fixture) => ([t, fx] = [app, fixture]));

  const ctx = (keep: number | null, old: 'drop' | 'detach'): JobContext => ({
    db: t.db,
    publicUrl: 'http://localhost',
    smtp: false,
    deliver: () => undefined,
    outboxRetentionDays: 30,
    binClipsKeepMonths: keep,
    binClipsOldMonths: old,
  });
  const attached = async () => (await binClipsMonths(t.db)).map((m) => m.name);
  const tableExists = async (name: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from pg_class where relname = ${name} and relnamespace = current_schema()::regnamespace`.execute(t.db))
      .rows[0].n === 1;
  const JAN = new Date(Date.UTC(2001, 0, 1));
  const FEB = new Date(Date.UTC(2001, 1, 1));
  const MAR = new Date(Date.UTC(2001, 2, 1));

  it('reads its settings: unset keeps every month and drops what it detaches; a bad value is refused in words', () => {
    expect(loadConfig({}).binClipsKeepMonths).toBeNull();
    expect(loadConfig({}).binClipsOldMonths).toBe('drop');
    expect(loadConfig({ BIN_CLIPS_KEEP_MONTHS: '13', BIN_CLIPS_OLD_MONTHS: 'detach' })).toMatchObject({ binClipsKeepMonths: 13, binClipsOldMonths: 'detach' });
    for (const bad of ['0', '-2', '1.5', 'twelve']) expect(() => binClipsKeepMonths(bad)).toThrow(/BIN_CLIPS_KEEP_MONTHS must be a whole number of months/);
    expect(() => binClipsOldMonths('archive')).toThrow("BIN_CLIPS_OLD_MONTHS must be 'drop' or 'detach', not 'archive'");
  });

  it('with the setting off makes the months ahead, of bin_clips and of clips, and detaches nothing', async () => {
    const next = monthPartition(monthStart(new Date(), 1));
    const nextClips = monthPartition(monthStart(new Date(), 1), 'clips');
    await sql`alter table bin_clips detach partition ${sql.table(next)}`.execute(t.db);
    await sql`drop table ${sql.table(next)}`.execute(t.db);
    await sql`alter table clips detach partition ${sql.table(nextClips)}`.execute(t.db);
    await sql`drop table ${sql.table(nextClips)}`.execute(t.db);
    expect(await makeBinClipsMonths(t.db, JAN, 1)).toEqual(['bin_clips_y2001m01']);
    const r = await binClipsMonthsRun(ctx(null, 'drop'), new Date());
    expect(r).toEqual({ made: [next, nextClips], detached: [] });
    expect(await attached()).toContain(next);
    expect((await binClipsMonths(t.db, 'clips')).map((m) => m.name)).toContain(nextClips);
    expect(await attached()).toContain('bin_clips_y2001m01');
  });

  it('runs once across two workers: makes next month, drops the old empty months, keeps a month that holds rows', async () => {
    const next = monthPartition(monthStart(new Date(), 1));
    await sql`alter table bin_clips detach partition ${sql.table(next)}`.execute(t.db);
    await sql`drop table ${sql.table(next)}`.execute(t.db);
    // February 2001 holds a post of a client that keeps its posts (test-only direct insert).
    expect(await makeBinClipsMonths(t.db, FEB, 2)).toEqual(['bin_clips_y2001m02', 'bin_clips_y2001m03']);
    const clip = await t.db.selectFrom('bin_clips').select(['clip_id', 'project_id', 'stream_id']).where('bin_id', '=', fx.rootBinId).executeTakeFirstOrThrow();
    const old = new Date(Date.UTC(2001, 1, 10));
    await sql`insert into bin_clips (bin_id, project_id, clip_id, stream_id, posted_at) values (${fx.rootBinId}, ${clip.project_id}, ${clip.clip_id}, ${clip.stream_id}, ${old})`.execute(
      t.db,
    );
    const rowsBefore = (await sql<{ n: number }>`select count(*)::int as n from bin_clips`.execute(t.db)).rows[0].n;
    const withRows: string[] = [];
    for (const m of await binClipsMonths(t.db))
      if ((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(m.name)}`.execute(t.db)).rows[0].n > 0) withRows.push(m.name);

    // Twelve months kept: every month before the first of the month a year back is a candidate.
    let runs = 0;
    const spec = clientJobs.queues(ctx(12, 'drop'))[BIN_CLIPS_MONTHS_QUEUE];
    const counted = { ...spec, handler: async (job: Parameters<typeof spec.handler>[0]) => (runs++, spec.handler(job)) };
    await schedule(t.db, BIN_CLIPS_MONTHS_QUEUE, BIN_CLIPS_MONTHS_QUEUE, 24 * 3_600_000);
    const [a, b] = ['a', 'b'].map((w) => createRunner(t.db, { workerId: w, queues: { [BIN_CLIPS_MONTHS_QUEUE]: counted } }));
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toBe(1);
    const job = await t.db.selectFrom('jobs').select(['state']).where('queue', '=', BIN_CLIPS_MONTHS_QUEUE).execute();
    expect(job.map((j) => j.state)).toEqual(['done']);

    const left = await attached();
    expect(left).toContain(next);
    for (const n of withRows) expect(left).toContain(n);
    expect(left).toContain('bin_clips_y2001m02');
    for (const n of ['bin_clips_y2001m01', 'bin_clips_y2001m03']) {
      expect(left).not.toContain(n);
      expect(await tableExists(n)).toBe(false);
    }
    expect((await sql<{ n: number }>`select count(*)::int as n from bin_clips`.execute(t.db)).rows[0].n).toBe(rowsBefore);
    // Nothing within the twelve months goes, empty or not.
    const cutoff = monthStart(new Date(), -12);
    for (const m of await binClipsMonths(t.db)) if (m.from >= cutoff) expect(left).toContain(m.name);
    await sql`delete from bin_clips where posted_at = ${old}`.execute(t.db);
  });

  it("with 'detach' keeps the detached month as its own table", async () => {
    // February 2001 is empty now; March is made again and left empty.
    expect(await makeBinClipsMonths(t.db, MAR, 1)).toEqual(['bin_clips_y2001m03']);
    const r = await binClipsMonthsRun(ctx(12, 'detach'), new Date());
    expect(r.made).toEqual([]);
    expect(r.detached).toEqual(['bin_clips_y2001m02', 'bin_clips_y2001m03']);
    expect(await attached()).not.toContain('bin_clips_y2001m02');
    expect(await tableExists('bin_clips_y2001m02')).toBe(true);
    await sql`drop table bin_clips_y2001m02, bin_clips_y2001m03`.execute(t.db);
  });

  it('month-table-statistics: takes the statistics of bin_clips and clips as wholes, which the planner reads for a join to them', async () => {
    // What the planner knows of each table as a whole (inherited: over its partitions): the id
    // column's distinct values, which make a join to it by id one row a probe.
    const inherited = async (table: string) =>
      (
        await sql<{ n: number; distinct: number | null }>`
          select count(*)::int as n, max(n_distinct) filter (where attname = 'id') as distinct
            from pg_stats where tablename = ${table} and schemaname = current_schema() and inherited`.execute(t.db)
      ).rows[0];
    // Nothing has taken them since the fixture's posts were written (autovacuum never does).
    expect((await inherited('clips')).n).toBe(0);
    expect((await inherited('bin_clips')).n).toBe(0);
    const spec = clientJobs.queues(ctx(null, 'drop'))[MONTH_STATISTICS_QUEUE];
    await schedule(t.db, MONTH_STATISTICS_QUEUE, MONTH_STATISTICS_QUEUE, 3_600_000);
    const runner = createRunner(t.db, { workerId: 'w', queues: { [MONTH_STATISTICS_QUEUE]: spec } });
    await runner.tick();
    const job = await t.db.selectFrom('jobs').select(['state']).where('queue', '=', MONTH_STATISTICS_QUEUE).execute();
    expect(job.map((j) => j.state)).toEqual(['done']);
    for (const table of ['clips', 'bin_clips']) {
      const after = await inherited(table);
      expect(after.n).toBeGreaterThan(0);
      // Every id distinct: -1 is "as many distinct values as rows".
      expect(Number(after.distinct)).toBe(-1);
    }
    expect(clientJobs.schedules?.map((s) => s.queue)).toContain(MONTH_STATISTICS_QUEUE);
  });
});
