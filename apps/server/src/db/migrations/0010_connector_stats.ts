// What the connector job collected, per connector instance (docs/connectors.md, "Collection
// stats"): items stored and skipped by reason, when it last ran and how that run ended; the job
// also reads last_run_at to run each kind no more often than its quota allows. And the skip-rate
// watch: items seen since the window opened, per connector kind, and the reasons already
// reported to admins, so a network that renames or drops a field raises one notification.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('connector_stats')
    .addColumn('connector', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    // The project the instance collects for (its profile's, or the one whose rules built it);
    // null for public sources shared by every project (blog feeds).
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('collected', 'bigint', (c) => c.notNull().defaultTo(0))
    // {reason: count}, summed over every run.
    .addColumn('skipped', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('last_ended', 'text')
    // The latest run that failed or stopped (its reason and the network's words) and when: kept
    // after later good runs, so an admin sees what last went wrong; last_ended says how things are now.
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'timestamptz')
    .addPrimaryKeyConstraint('connector_stats_pk', ['connector', 'key'])
    .execute();
  await db.schema.createIndex('connector_stats_project').on('connector_stats').column('project_id').execute();

  await db.schema
    .createTable('connector_skip_windows')
    .addColumn('connector', 'text', (c) => c.notNull().primaryKey())
    .addColumn('collected', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Reasons over the threshold that admins were told about; told again only after they recover.
    .addColumn('alerting', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('connector_skip_windows').ifExists().execute();
  await db.schema.dropTable('connector_stats').ifExists().execute();
}
