// The mentor (tutorial) area, docs/spec/002_6c80e0f7cd09047f.txt section 2.11: platforms, tutorials with their steps,
// documents and videos, the files those point at, and each contact's registration (progress by
// step number, then completed). Files are bytes in the database, like the workflow board's
// background: one copy shared by every server on the same database, backed up with it, and never
// stored under a name an uploader chose (docs/mentor.md).
import { sql, type Kysely } from 'kysely';

/** Reference data: the platforms tutorials are listed by (the web app itself, then the networks a project links). */
const PLATFORMS = ['Listening web app', 'X', 'Facebook', 'Instagram', 'YouTube', 'LinkedIn', 'TikTok'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mentor_platforms')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('mentor_platforms')
    .values(PLATFORMS.map((name, position) => ({ name, position })))
    .execute();

  await db.schema
    .createTable('mentor_files')
    .addColumn('file_name', 'text', (c) => c.primaryKey())
    // Sniffed from the bytes at upload (application/pdf, video/mp4, video/webm), never the uploader's claim.
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('tutorials')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('mentor_platforms.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // A path pattern of the app ('*' for one part) where "Help for this screen" offers it; null: the Tutorials screen only.
    .addColumn('page_location', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('tutorial_steps')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tutorial_id', 'integer', (c) => c.notNull().references('tutorials.id').onDelete('cascade'))
    .addColumn('step_number', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('tutorial_steps_number', ['tutorial_id', 'step_number'])
    .execute();

  // Documents (PDF) and videos of a tutorial: one table, told apart by kind.
  await db.schema
    .createTable('tutorial_attachments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tutorial_id', 'integer', (c) => c.notNull().references('tutorials.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('document', 'video')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull().references('mentor_files.file_name'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('tutorial_attachments_tutorial').on('tutorial_attachments').columns(['tutorial_id', 'kind', 'position']).execute();

  // A contact's registration: one per tutorial and user, at a step from 1, completed once.
  await db.schema
    .createTable('tutorial_contacts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tutorial_id', 'integer', (c) => c.notNull().references('tutorials.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('step_number', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('registered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addUniqueConstraint('tutorial_contacts_one', ['tutorial_id', 'user_id'])
    .execute();
  await db.schema.createIndex('tutorial_contacts_user').on('tutorial_contacts').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['tutorial_contacts', 'tutorial_attachments', 'tutorial_steps', 'tutorials', 'mentor_files', 'mentor_platforms'])
    await db.schema.dropTable(t).ifExists().execute();
}
