// Each connector instance counts the runs in a row that ended stopped, failed or gave up
// (jobs/connector-stats.ts): at STOP_STREAK_THRESHOLD every admin is told once, and again only
// after a clean run has reset the count (docs/connectors.md, "Collection stats, the skip-rate watch and the stop watch").
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('connector_stats')
    .addColumn('stopped_runs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stopped_alerted', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('connector_stats').dropColumn('stopped_alerted').dropColumn('stopped_runs').execute();
}
