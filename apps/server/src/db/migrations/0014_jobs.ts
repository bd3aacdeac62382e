// The durable job runner (jobs/runner.ts, docs/jobs.md): one queue table claimed with FOR UPDATE
// SKIP LOCKED, recurring schedules, and the keys that make delivery exactly once: the outbox
// row's idempotency key per (window, recipient), a signing key shared by every process (unsubscribe
// links, live-event tickets), and the crisis spike alerts already raised.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    // Enqueueing the same (queue, key) twice makes one job: a window, a request, a schedule's tick.
    .addColumn('key', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // queued, running, done, failed (gave up after max_attempts).
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    // The worker holding the job and until when: a lease it renews while it works; a worker that
    // dies stops renewing, and the job is claimed again once the lease has run out.
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('jobs_queue_key').on('jobs').columns(['queue', 'key']).unique().where(sql.ref('key'), 'is not', null).execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at']).execute();

  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('every_ms', 'integer', (c) => c.notNull())
    .addColumn('next_run_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('mail_outbox')
    // One mail per effect: 'wordbin:<bin>:<window start>:<recipient>'; written in the effect's transaction.
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .execute();

  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('crisis_spikes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('word_bin_id', 'integer', (c) => c.notNull().references('word_bins.id').onDelete('cascade'))
    // The hour the spike was seen in; one alert per bin per hour.
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('observed', 'integer', (c) => c.notNull())
    .addColumn('expected', 'double precision', (c) => c.notNull())
    .addColumn('drivers', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('crisis_spikes_bin_hour', ['word_bin_id', 'hour'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('crisis_spikes').ifExists().execute();
  await db.schema.dropTable('server_keys').ifExists().execute();
  await db.schema.alterTable('mail_outbox').dropColumn('idempotency_key').execute();
  await db.schema.dropTable('job_schedules').ifExists().execute();
  await db.schema.dropTable('jobs').ifExists().execute();
}
