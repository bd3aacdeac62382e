// The job runner's SQL for the admin view.
import type { Db } from '../../db/connection.ts';

/** Jobs per queue by state, with the oldest queued job's due time. */
export function queueCounts(db: Db) {
  return db
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
}

/** The latest `limit` jobs that failed, or failed once and wait for a retry. */
export function recentFailures(db: Db, limit: number) {
  return db
    .selectFrom('jobs')
    .select(['id', 'queue', 'key', 'state', 'attempts', 'max_attempts', 'last_error', 'run_at', 'finished_at'])
    .where('last_error', 'is not', null)
    .where('state', 'in', ['failed', 'queued', 'running'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Every recurring schedule, by name. */
export function schedules(db: Db) {
  return db.selectFrom('job_schedules').selectAll().orderBy('name').execute();
}
