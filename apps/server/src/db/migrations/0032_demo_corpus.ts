// The demo corpus's plan and progress (ingest/demo-corpus.ts, docs/operations.md "The demo's
// posts"): one row, written when a first start begins the corpus. The corpus is written a day at a
// time, newest first, and days_done moves after each day; a server stopped part way resumes at
// the first day not done, with the same seed and end, so the days it writes again are the same posts.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('demo_corpus')
    .addColumn('id', 'smallint', (c) =>
      c
        .primaryKey()
        .defaultTo(1)
        .check(sql`id = 1`),
    )
    .addColumn('seed', 'integer', (c) => c.notNull())
    .addColumn('clips', 'integer', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    // The moment the corpus reaches: day 0 is the 24 hours before it.
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('days_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('demo_corpus').execute();
}
