// Narrative Analysis's saved queries (docs/narratives.md, "Saved queries" and "Alert on a new
// narrative"): a project's named query with its streams and range kind, the contacts its alert
// tells, and the narratives it has told them about (one row per query and narrative, written in
// the transaction that queues the mails, so each narrative is told once).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('narrative_queries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('stream_ids', sql`integer[]`, (c) => c.notNull())
    .addColumn('range_kind', 'text', (c) => c.notNull())
    // The alert: off when min posts is null.
    .addColumn('alert_min_posts', 'integer')
    .addColumn('alert_growth', 'real', (c) => c.notNull().defaultTo(2))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('narrative_queries_project_name', ['project_id', 'name'])
    .execute();
  await db.schema
    .createTable('narrative_query_recipients')
    .addColumn('query_id', 'integer', (c) => c.notNull().references('narrative_queries.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('client_contacts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('narrative_query_recipients_pk', ['query_id', 'contact_id'])
    .execute();
  await db.schema.createIndex('narrative_query_recipients_contact').on('narrative_query_recipients').column('contact_id').execute();
  await db.schema
    .createTable('narrative_alerts')
    .addColumn('query_id', 'integer', (c) => c.notNull().references('narrative_queries.id').onDelete('cascade'))
    .addColumn('narrative_key', 'text', (c) => c.notNull())
    .addColumn('phrases', sql`text[]`, (c) => c.notNull())
    .addColumn('posts', 'integer', (c) => c.notNull())
    .addColumn('alerted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('narrative_alerts_pk', ['query_id', 'narrative_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['narrative_alerts', 'narrative_query_recipients', 'narrative_queries']) await db.schema.dropTable(t).ifExists().execute();
}
