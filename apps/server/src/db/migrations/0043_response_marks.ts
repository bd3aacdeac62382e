// The response queue (docs/responses.md): a person's mark on a post addressed to a project's own
// accounts (answered, or no reply needed), one per project and post; and an index to find an
// own account's reply to a post by the post's network id.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('response_marks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('clip_id', 'integer', (c) => c.notNull().references('clips.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('answered', 'no_reply')`))
    .addColumn('marked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('marked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('response_marks_project_clip', ['project_id', 'clip_id'])
    .execute();
  await sql`create index clips_parent on clips (stream_id, parent_external_id) where parent_external_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists clips_parent`.execute(db);
  await db.schema.dropTable('response_marks').execute();
}
