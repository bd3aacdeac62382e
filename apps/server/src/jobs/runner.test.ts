// The job runner on PGlite (default) and PostgreSQL (DATABASE_URL): idempotent enqueue, retries
// with backoff to a final failed state, lease expiry, schedules and several workers at once.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection.ts';
import { useMigratedDb } from '../test/harness.ts';
import { backoffMs, createRunner, enqueue, schedule, type Job } from './runner.ts';

let db: Db;
useMigratedDb((d) => (db = d));
beforeEach(async () => {
  await db.deleteFrom('jobs').execute();
  await db.deleteFrom('job_schedules').execute();
});

/** A clock the test moves. */
function clock(start = new Date('2026-01-01T00:00:00Z')) {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}
const job = (id: number) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('job runner', () => {
  it('enqueues a key once', async () => {
    const a = await enqueue(db, 'q', { n: 1 }, { key: 'window-1' });
    const b = await enqueue(db, 'q', { n: 2 }, { key: 'window-1' });
    const other = await enqueue(db, 'other', {}, { key: 'window-1' });
    expect(a).toBeTypeOf('number');
    expect(b).toBeNull();
    expect(other).toBeTypeOf('number');
    expect((await job(a!)).payload).toEqual({ n: 1 });
  });

  it('retries a failing job after an exponential backoff, then ends it failed with its error', async () => {
    const c = clock();
    const runs: number[] = [];
    const runner = createRunner(db, {
      now: c.now,
      queues: {
        q: {
          handler: async (j) => {
            runs.push(j.attempt);
            throw new Error(`SMTP refused (${j.attempt})`);
          },
        },
      },
    });
    const id = (await enqueue(db, 'q', {}, { maxAttempts: 3, runAt: c.now() }))!;
    expect(await runner.work('q')).toBe(1);
    let row = await job(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, last_error: 'SMTP refused (1)' });
    expect(row.run_at.getTime() - c.now().getTime()).toBe(backoffMs(1));
    // Not before its time.
    c.advance(backoffMs(1) - 1);
    expect(await runner.work('q')).toBe(0);
    c.advance(1);
    expect(await runner.work('q')).toBe(1);
    row = await job(id);
    expect(row.run_at.getTime() - c.now().getTime()).toBe(backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    c.advance(backoffMs(2));
    expect(await runner.work('q')).toBe(1);
    row = await job(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, last_error: 'SMTP refused (3)' });
    c.advance(3600_000);
    expect(await runner.work('q')).toBe(0);
    expect(runs).toEqual([1, 2, 3]);
  });

  it("gives a dead worker's job to another once its lease has run out, and ignores the dead worker's late finish", async () => {
    const c = clock();
    let release!: () => void;
    const stuck = new Promise<void>((r) => (release = r));
    const ran: string[] = [];
    const a = createRunner(db, { now: c.now, workerId: 'a', queues: { q: { leaseMs: 30_000, handler: () => (ran.push('a'), stuck) } } });
    const b = createRunner(db, { now: c.now, workerId: 'b', queues: { q: { leaseMs: 30_000, handler: async () => void ran.push('b') } } });
    const id = (await enqueue(db, 'q', {}, { runAt: c.now() }))!;
    const aWork = a.work('q');
    await expect.poll(() => ran).toEqual(['a']);
    // Within the lease, nobody else takes it.
    c.advance(29_000);
    expect(await b.work('q')).toBe(0);
    // a stops renewing (its clock stands still here; a killed process renews nothing).
    c.advance(2_000);
    await db
      .updateTable('jobs')
      .set({ locked_until: new Date(c.now().getTime() - 1) })
      .where('id', '=', id)
      .execute();
    expect(await b.work('q')).toBe(1);
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 2, locked_by: null });
    release();
    await aWork;
    expect((await job(id)).state).toBe('done');
    expect(ran).toEqual(['a', 'b']);
  });

  it('fails a job whose workers keep dying once it has used its attempts', async () => {
    const c = clock();
    const id = (await enqueue(db, 'q', {}, { maxAttempts: 2, runAt: c.now() }))!;
    await db
      .updateTable('jobs')
      .set({ state: 'running', attempts: 2, locked_by: 'dead', locked_until: new Date(c.now().getTime() - 1000) })
      .where('id', '=', id)
      .execute();
    let ran = false;
    const r = createRunner(db, { now: c.now, queues: { q: { handler: async () => void (ran = true) } } });
    expect(await r.work('q')).toBe(1);
    expect(ran).toBe(false);
    const row = await job(id);
    expect(row.state).toBe('failed');
    expect(row.last_error).toMatch(/lease expired/);
  });

  it('runs every job exactly once with two workers at once', async () => {
    const seen = new Map<number, string[]>();
    const handler = (w: string) => async (j: Job) => {
      seen.set(j.id, [...(seen.get(j.id) ?? []), w]);
      await new Promise((r) => setTimeout(r, 2));
    };
    const ids = [];
    for (let i = 0; i < 40; i++) ids.push(await enqueue(db, 'q', { i }));
    const a = createRunner(db, { workerId: 'a', queues: { q: { concurrency: 4, handler: handler('a') } } });
    const b = createRunner(db, { workerId: 'b', queues: { q: { concurrency: 4, handler: handler('b') } } });
    const drain = async (r: ReturnType<typeof createRunner>) => {
      while ((await r.work('q')) > 0);
    };
    await Promise.all([drain(a), drain(b)]);
    expect([...seen.keys()].sort((x, y) => x - y)).toEqual(ids);
    for (const workers of seen.values()) expect(workers).toHaveLength(1);
    const states = await db.selectFrom('jobs').select('state').distinct().execute();
    expect(states).toEqual([{ state: 'done' }]);
  });

  it('enqueues one job per schedule tick however many workers look, and runs it', async () => {
    const c = clock();
    await schedule(db, 'digest', 'digests', 60_000, c.now());
    let runs = 0;
    const mk = (w: string) => createRunner(db, { now: c.now, workerId: w, queues: { digests: { handler: async () => void runs++ } } });
    const [a, b] = [mk('a'), mk('b')];
    const fired = await Promise.all([a.fireSchedules(), b.fireSchedules()]);
    expect(fired[0] + fired[1]).toBe(1);
    expect(await a.fireSchedules()).toBe(0);
    c.advance(60_000);
    expect(await b.fireSchedules()).toBe(1);
    await a.tick();
    await b.tick();
    expect(runs).toBe(2);
    const keys = (await db.selectFrom('jobs').select('key').orderBy('id').execute()).map((r) => r.key);
    expect(keys).toEqual(['digest@2026-01-01T00:00:00.000Z', 'digest@2026-01-01T00:01:00.000Z']);
  });

  it('start() keeps working until stopped and waits for the job under way', async () => {
    let done = 0;
    let started = 0;
    let gate: Promise<void> = Promise.resolve();
    const r = createRunner(db, { pollMs: 10, queues: { q: { handler: async () => void (started++, await gate, done++) } } });
    const stop = r.start();
    await enqueue(db, 'q');
    await enqueue(db, 'q');
    await expect.poll(() => done, { timeout: 3000 }).toBe(2);
    let open!: () => void;
    gate = new Promise((res) => (open = res));
    await enqueue(db, 'q');
    await expect.poll(() => started, { timeout: 3000 }).toBe(3);
    const stopped = stop();
    setTimeout(open, 50);
    await stopped;
    expect(done).toBe(3);
    expect((await db.selectFrom('jobs').select('state').distinct().execute()).map((x) => x.state)).toEqual(['done']);
  });

  it('start() with more queues than Node allows listeners on one signal: no leak warning, and a stop wakes every sleeping loop at once', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => void warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      let looked = 0;
      const queues = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`q${i}`, { handler: async () => undefined }]));
      const r = createRunner(db, { pollMs: 60_000, now: () => (looked++, new Date()), queues });
      const stop = r.start();
      // Each loop looks once (the schedules' and every queue's), then sleeps for the poll interval.
      await expect.poll(() => looked, { timeout: 5000 }).toBeGreaterThanOrEqual(15);
      await new Promise((res) => setTimeout(res, 300));
      const t0 = Date.now();
      await stop();
      expect(Date.now() - t0).toBeLessThan(2000);
      await new Promise((res) => setImmediate(res));
      expect(warnings.filter((w) => w.includes('MaxListeners'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
