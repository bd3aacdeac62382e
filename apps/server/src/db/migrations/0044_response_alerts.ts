// Posts of the response queue that its alert has told the project's Response Contacts about
// (docs/responses.md, "Alerts"): one row per project and post, written in the transaction that
// queues the mails, so each post is told once.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('response_alerts')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('clip_id', 'integer', (c) => c.notNull().references('clips.id').onDelete('cascade'))
    .addColumn('alerted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('response_alerts_pk', ['project_id', 'clip_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('response_alerts').execute();
}
