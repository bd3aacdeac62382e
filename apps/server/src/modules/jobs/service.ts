// The job runner's admin view (Admin › Jobs). Unsubscribe links: modules/alerts and mail/unsubscribe.ts.
import type { OperationResult } from '@listening/contract';
import type * as C from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import * as q from './queries.ts';

/** Failures shown: the latest this many. */
const FAILURES_SHOWN = 50;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function jobs(db: Db): Promise<OperationResult<typeof C.getJobs>> {
  const counts = await q.queueCounts(db);
  const failures = await q.recentFailures(db, FAILURES_SHOWN);
  const schedules = await q.schedules(db);
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
