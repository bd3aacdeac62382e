// Narrative Analysis over large ranges (docs/narratives.md, "Large ranges"): a search above the
// synchronous cap runs as a job on the durable runner; its row keeps the progress and, when done,
// the answer, so the same query over the same range and streams is answered from it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('narrative_results')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // The scope, query, range and streams, as one canonical string.
    .addColumn('search_key', 'text', (c) => c.notNull().unique())
    .addColumn('request', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('running')
        .check(sql`state in ('running', 'done', 'failed')`),
    )
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('answer', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('narrative_results').ifExists().execute();
}
