// The durable job runner (docs/jobs.md): a queue in the jobs table, claimed with
// FOR UPDATE SKIP LOCKED so that it behaves the same on PGlite (one connection) and on PostgreSQL
// with any number of worker processes. A job is claimed with a lease that its worker renews while
// it works; a worker that dies stops renewing and the job is claimed again when the lease runs out.
// A failure is retried after an exponential backoff, and after max_attempts the job ends failed
// with its error, for an admin to read (Admin › Jobs). Recurring work is a schedule row: whichever
// worker first sees it due enqueues that tick's job under a key naming the tick, so a tick runs
// once however many workers look.
//
// Delivery is at least once: a job whose worker stalled past its lease can start again elsewhere.
// Handlers make their effects exactly once with an idempotency key written in the same transaction
// as the effect (a word-bin window's log row, a mail's outbox key).
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

export interface Job {
  id: number;
  queue: string;
  key: string | null;
  payload: unknown;
  /** 1 on the first run. */
  attempt: number;
  /** Aborted when the worker lost its lease: another worker may take the job, so stop before the next effect. */
  signal: AbortSignal;
  /**
   * Aborted when the runner is stopping (the process shuts down). Only a handler that can end part
   * way with its work safe (a connector turn saves each page's cursor) listens to it; others finish.
   */
  stopping?: AbortSignal;
}

export interface QueueSpec {
  handler: (job: Job) => Promise<void>;
  /** Jobs of this queue one runner works on at once (default 1). */
  concurrency?: number;
  /** How long a claim lasts without a heartbeat (default 60 s); renewed every third of it. */
  leaseMs?: number;
}

export interface EnqueueOptions {
  /** Enqueueing the same key again in the same queue returns null and adds nothing. */
  key?: string;
  runAt?: Date;
  maxAttempts?: number;
}

export const RETRY = { baseMs: 5_000, maxMs: 30 * 60_000 } as const;

/** The pause after the n-th failed attempt (n ≥ 1): 5 s doubling, at most 30 min. */
export const backoffMs = (attempt: number, base: number = RETRY.baseMs, max: number = RETRY.maxMs) => Math.min(base * 2 ** Math.max(0, attempt - 1), max);

/** Adds a job; null when a job with this key already exists in the queue. */
export async function enqueue(db: Db, queue: string, payload: unknown = {}, opts: EnqueueOptions = {}): Promise<number | null> {
  const row = await db
    .insertInto('jobs')
    .values({
      queue,
      key: opts.key ?? null,
      payload: JSON.stringify(payload ?? {}),
      run_at: opts.runAt ?? new Date(),
      ...(opts.maxAttempts ? { max_attempts: opts.maxAttempts } : {}),
    })
    .onConflict((oc) => oc.columns(['queue', 'key']).where('key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Declares (or changes) a recurring schedule: a job in `queue` every `everyMs`, the first one due at once. */
export async function schedule(db: Db, name: string, queue: string, everyMs: number, now = new Date()): Promise<void> {
  await db
    .insertInto('job_schedules')
    .values({ name, queue, every_ms: everyMs, next_run_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ queue, every_ms: everyMs }))
    .execute();
}

/** How long finished jobs are kept for the admin view. */
const KEEP_DONE_MS = 7 * 24 * 3600_000;

export interface RunnerOptions {
  queues: Record<string, QueueSpec>;
  /** Pause of an idle queue before it looks again (default 1 s). */
  pollMs?: number;
  workerId?: string;
  /** The runner's clock (tests move it); every time the runner writes comes from it. */
  now?: () => Date;
  backoff?: (attempt: number) => number;
  onError?: (err: unknown, job?: { id: number; queue: string }) => void;
}

export interface Runner {
  readonly workerId: string;
  /** Enqueues the due schedules' jobs; returns how many were added. */
  fireSchedules(): Promise<number>;
  /** Claims what one queue may run now and runs it to the end; returns how many jobs ran. */
  work(queue: string): Promise<number>;
  /** One round over the schedules and every queue (tests; start() loops on it). */
  tick(): Promise<number>;
  /** Runs until the returned function is called; that function waits for the jobs under way. */
  start(): () => Promise<void>;
}

interface Claimed {
  id: number;
  queue: string;
  key: string | null;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

export function createRunner(db: Db, opts: RunnerOptions): Runner {
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const now = opts.now ?? (() => new Date());
  const backoff = opts.backoff ?? ((n: number) => backoffMs(n));
  const onError = opts.onError ?? (() => undefined);
  const stopping = new AbortController();
  const at = (ms: number) => new Date(now().getTime() + ms);

  async function fireSchedules(): Promise<number> {
    const t = now();
    const added = await db.transaction().execute(async (trx) => {
      const due = await trx.selectFrom('job_schedules').selectAll().where('next_run_at', '<=', t).forUpdate().skipLocked().execute();
      let n = 0;
      for (const s of due) {
        const key = `${s.name}@${s.next_run_at.toISOString()}`;
        const inserted = await trx
          .insertInto('jobs')
          .values({ queue: s.queue, key, payload: JSON.stringify({ schedule: s.name, at: s.next_run_at.toISOString() }), run_at: t })
          .onConflict((oc) => oc.columns(['queue', 'key']).where('key', 'is not', null).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) n++;
        // Ticks missed while no worker ran are not made up: the next one is a period from now.
        const next = s.next_run_at.getTime() + s.every_ms;
        await trx
          .updateTable('job_schedules')
          .set({ next_run_at: new Date(next > t.getTime() ? next : t.getTime() + s.every_ms) })
          .where('name', '=', s.name)
          .execute();
      }
      return n;
    });
    await db
      .deleteFrom('jobs')
      .where('state', '=', 'done')
      .where('finished_at', '<', new Date(t.getTime() - KEEP_DONE_MS))
      .execute();
    return added;
  }

  async function claim(queue: string, limit: number, leaseMs: number): Promise<Claimed[]> {
    const t = now();
    const rows = await db
      .updateTable('jobs')
      .set({ state: 'running', attempts: sql`attempts + 1`, locked_by: workerId, locked_until: new Date(t.getTime() + leaseMs) })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('queue', '=', queue)
          .where((w) =>
            w.or([
              w.and([w('state', '=', 'queued'), w('run_at', '<=', t)]),
              // A worker that stopped renewing its lease: the job is free again.
              w.and([w('state', '=', 'running'), w('locked_until', '<', t)]),
            ]),
          )
          .orderBy('run_at')
          .orderBy('id')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'queue', 'key', 'payload', 'attempts', 'max_attempts'])
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  /** Ends a job this worker still holds; a worker that lost its lease changes nothing. */
  async function finish(job: Claimed, error: unknown | null): Promise<void> {
    const last = job.attempts >= job.max_attempts;
    const message = error === null ? null : (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    await db
      .updateTable('jobs')
      .set(
        error === null
          ? { state: 'done', finished_at: now(), locked_by: null, locked_until: null }
          : {
              state: last ? 'failed' : 'queued',
              last_error: message,
              locked_by: null,
              locked_until: null,
              ...(last ? { finished_at: now() } : { run_at: at(backoff(job.attempts)) }),
            },
      )
      .where('id', '=', job.id)
      .where('locked_by', '=', workerId)
      .where('state', '=', 'running')
      .execute();
  }

  async function runOne(job: Claimed, spec: QueueSpec, leaseMs: number): Promise<void> {
    // Claimed again after its lease ran out as many times as it may run: it ends here.
    if (job.attempts > job.max_attempts) {
      await finish({ ...job, attempts: job.max_attempts }, new Error(`its worker stopped before finishing, ${job.max_attempts} times (lease expired)`));
      return;
    }
    const lost = new AbortController();
    const beat = setInterval(
      () => {
        db.updateTable('jobs')
          .set({ locked_until: at(leaseMs) })
          .where('id', '=', job.id)
          .where('locked_by', '=', workerId)
          .where('state', '=', 'running')
          .executeTakeFirst()
          .then((r) => {
            if (Number(r.numUpdatedRows) === 0) lost.abort();
          })
          .catch((err) => onError(err, job));
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    let error: unknown | null = null;
    try {
      await spec.handler({
        id: job.id,
        queue: job.queue,
        key: job.key,
        payload: job.payload,
        attempt: job.attempts,
        signal: lost.signal,
        stopping: stopping.signal,
      });
    } catch (err) {
      error = err ?? new Error('failed');
      onError(err, job);
    } finally {
      clearInterval(beat);
    }
    await finish(job, error);
  }

  async function work(queue: string): Promise<number> {
    const spec = opts.queues[queue];
    if (!spec) throw new Error(`no handler for queue ${queue}`);
    const leaseMs = spec.leaseMs ?? 60_000;
    const jobs = await claim(queue, spec.concurrency ?? 1, leaseMs);
    await Promise.all(jobs.map((j) => runOne(j, spec, leaseMs).catch((err) => onError(err, j))));
    return jobs.length;
  }

  async function tick(): Promise<number> {
    await fireSchedules();
    let n = 0;
    for (const q of Object.keys(opts.queues)) n += await work(q);
    return n;
  }

  function start(): () => Promise<void> {
    const pollMs = opts.pollMs ?? 1000;
    // Every loop sleeps between rounds at once; one listener on the stop signal wakes them all, so
    // the listeners on it do not grow with the number of queues (Node warns past ten).
    const sleepers = new Set<() => void>();
    stopping.signal.addEventListener('abort', () => sleepers.forEach((wake) => wake()), { once: true });
    const sleep = (ms: number) =>
      new Promise<void>((r) => {
        if (stopping.signal.aborted) return r();
        const wake = () => (clearTimeout(t), sleepers.delete(wake), r());
        const t = setTimeout(wake, ms);
        sleepers.add(wake);
      });
    const loop = async (step: () => Promise<number>) => {
      while (!stopping.signal.aborted) {
        let n = 0;
        try {
          n = await step();
        } catch (err) {
          onError(err);
        }
        if (n === 0) await sleep(pollMs);
      }
    };
    // One loop per queue, so a long job of one queue never holds up another's.
    const loops = [loop(async () => (await fireSchedules(), 0)), ...Object.keys(opts.queues).map((q) => loop(() => work(q)))];
    return async () => {
      stopping.abort();
      await Promise.all(loops);
    };
  }

  return { workerId, fireSchedules, work, tick, start };
}
