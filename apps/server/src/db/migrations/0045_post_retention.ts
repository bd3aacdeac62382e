// Per-client retention of posts (docs/operations.md, "Retention"): how many months of posts a
// client keeps (null: for ever), the instant before which its posts are no longer kept (set by the
// retention job before it deletes, so a screen never reads a range half deleted), and each run of
// the job with what it removed, for the admin's view. The hourly rollups are not touched: they are
// kept for as long as the bin exists.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('posts_kept_months', 'smallint').addColumn('posts_kept_from', 'timestamptz').execute();
  await db.schema
    .createTable('retention_runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('cutoff', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    // bin_clips rows removed (a post in two bins counts twice), and posts (clips) no bin holds any more.
    .addColumn('bin_clips_removed', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('posts_removed', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('retention_runs_client').on('retention_runs').columns(['client_id', 'started_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('retention_runs').ifExists().execute();
  await db.schema.alterTable('clients').dropColumn('posts_kept_from').dropColumn('posts_kept_months').execute();
}
