// The job runner's admin view (Admin › Jobs). Unsubscribe links: modules/alerts and mail/unsubscribe.ts.
import type { OperationResult } from '@listening/contract';
import type * as C from '@listening/contract';
import type { Db } from '../../db/connection.ts';

/** Failures shown: the latest this many. */
const FAILURES_SHOWN = 50;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function jobs(db: Db): Promise<OperationResult<typeof C.getJobs>> {
  const counts = await db
    .selectFrom('jobs')
    .select((eb) => [
      'queue',
      eb.fn.countAll<number>().filterWhere('state', '=', 'queued').as('queued'),
      eb.fn.countAll<number>().filterWhere('state', '=', 'running').as('running'),
      eb.fn.countAll<number>().filterWhere('state', '=', 'done').as('done'),
      eb.fn.countAll<number>().filterWhere('state', '=', 'failed').as('failed'),
      eb.fn.min('run_at').filterWhere('state', '=', 'queued').as('oldest_due'),
    ])
    .groupBy('queue')
    .orderBy('queue')
    .execute();
  const failures = await db
    .selectFrom('jobs')
    .select(['id', 'queue', 'key', 'state', 'attempts', 'max_attempts', 'last_error', 'run_at', 'finished_at'])
    .where('last_error', 'is not', null)
    .where('state', 'in', ['failed', 'queued', 'running'])
    .orderBy('id', 'desc')
    .limit(FAILURES_SHOWN)
    .execute();
  const schedules = await db.selectFrom('job_schedules').selectAll().orderBy('name').execute();
  return {
    Queues: counts.map((c) => ({
      Queue: c.queue,
      Queued: Number(c.queued),
      Running: Number(c.running),
      Done: Number(c.done),
      Failed: Number(c.failed),
      OldestDue: c.oldest_due ? new Date(c.oldest_due as Date).toISOString() : null,
    })),
    Failures: failures.map((f) => ({
      Id: Number(f.id),
      Queue: f.queue,
      Key: f.key,
      State: f.state === 'failed' ? 'failed' : 'retrying',
      Attempts: f.attempts,
      MaxAttempts: f.max_attempts,
      Error: f.last_error ?? '',
      NextRun: f.state === 'failed' ? null : f.run_at.toISOString(),
      DateFinished: iso(f.finished_at),
    })),
    Schedules: schedules.map((s) => ({ Name: s.name, Queue: s.queue, EveryMs: s.every_ms, NextRun: s.next_run_at.toISOString() })),
  };
}
