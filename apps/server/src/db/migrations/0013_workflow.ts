// The workflow board of a word bin: one workflow per bin, its groups (the board's columns, one of
// them the default), the tickets that left the default group, and the board's background image.
// A ticket is a word-bin match (word_bin_clips row); a match without a workflow_tickets row sits in
// the default group, so matched clips arrive there without the matcher knowing about workflows.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workflows')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('word_bin_id', 'integer', (c) => c.notNull().unique().references('word_bins.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('workflow_groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('workflow_id', 'integer', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    // Left-to-right order of the columns; a new group goes last.
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('workflow_groups_workflow').on('workflow_groups').columns(['workflow_id', 'position']).execute();
  // At most one live default group per workflow, whatever two requests do at once.
  await db.schema
    .createIndex('workflow_groups_one_default')
    .on('workflow_groups')
    .column('workflow_id')
    .unique()
    .where(sql.ref('is_default'), '=', true)
    .execute();

  // A ticket moved out of the default group; deleting the row puts it back there.
  await db.schema
    .createTable('workflow_tickets')
    .addColumn('word_bin_clip_id', 'bigint', (c) => c.primaryKey().references('word_bin_clips.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('workflow_groups.id').onDelete('cascade'))
    .addColumn('moved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('workflow_tickets_group').on('workflow_tickets').column('group_id').execute();

  // A workflow's board (same id as the workflow): the background image's bytes live here, with the
  // type sniffed from them at upload, never a name or type the uploader gave.
  await db.schema
    .createTable('boards')
    .addColumn('id', 'integer', (c) => c.primaryKey().references('workflows.id').onDelete('cascade'))
    .addColumn('background', 'bytea')
    .addColumn('background_type', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['boards', 'workflow_tickets', 'workflow_groups', 'workflows']) await db.schema.dropTable(t).ifExists().execute();
}
