// Word bins (reaction lists, type 1, and crisis lists, type 2): standing keyword queries over a
// project's mentions. Their keywords, recipients (contacts of the same client), groups, the log
// of sent windows, and word_bin_clips: one row per clip matched at ingestion (a ticket on the
// workflow board is such a row).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('word_bin_groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('word_bin_groups_client').on('word_bin_groups').column('client_id').execute();

  await db.schema
    .createTable('word_bins')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    // 1 reaction list, 2 crisis list
    .addColumn('word_bin_type_id', 'smallint', (c) => c.notNull().defaultTo(1))
    // Minutes between digests; 0 is Immediate.
    .addColumn('notification_interval', 'integer', (c) => c.notNull().defaultTo(60))
    // 0 None (any), 1 Neutral, 2 Positive, 3 Negative
    .addColumn('sentiment_id', 'smallint', (c) => c.notNull().defaultTo(0))
    // A clip language code ('en', 'af', ...); null matches any language.
    .addColumn('language', 'text')
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    .addColumn('stop_date', 'timestamptz', (c) => c.notNull())
    .addColumn('date_last_sent', 'timestamptz')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_generic', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('word_bin_group_id', 'integer', (c) => c.references('word_bin_groups.id').onDelete('set null'))
    .addColumn('account_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('word_bins_client').on('word_bins').column('client_id').execute();
  await db.schema.createIndex('word_bins_project').on('word_bins').column('project_id').execute();

  await db.schema
    .createTable('word_bin_keywords')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('word_bin_id', 'integer', (c) => c.notNull().references('word_bins.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    // 1 AND, 2 OR, 3 NOT
    .addColumn('operator_id', 'smallint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('word_bin_keywords_bin').on('word_bin_keywords').column('word_bin_id').execute();

  await db.schema
    .createTable('word_bin_recipients')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('word_bin_id', 'integer', (c) => c.notNull().references('word_bins.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('client_contacts.id').onDelete('cascade'))
    // 1 Alert Contact, 2 Popup Contact, 3 Response Contact
    .addColumn('recipient_type_id', 'smallint', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('word_bin_recipients_bin_contact', ['word_bin_id', 'contact_id'])
    .execute();

  // One row per sent window: the unique key makes a window impossible to log (and send) twice.
  await db.schema
    .createTable('word_bin_logs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('word_bin_id', 'integer', (c) => c.notNull().references('word_bins.id').onDelete('cascade'))
    .addColumn('date_from', 'timestamptz', (c) => c.notNull())
    .addColumn('date_to', 'timestamptz', (c) => c.notNull())
    .addColumn('date_sent', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('clip_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('word_bin_logs_bin_from', ['word_bin_id', 'date_from'])
    .execute();

  // A match: the clip met the bin's keywords and filters when it was ingested.
  await db.schema
    .createTable('word_bin_clips')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('word_bin_id', 'integer', (c) => c.notNull().references('word_bins.id').onDelete('cascade'))
    .addColumn('clip_id', 'bigint', (c) => c.notNull().references('clips.id').onDelete('cascade'))
    .addColumn('matched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('word_bin_clips_bin_clip', ['word_bin_id', 'clip_id'])
    .execute();
  // Digests read "matches of this bin since DateLastSent".
  await db.schema.createIndex('word_bin_clips_bin_matched').on('word_bin_clips').columns(['word_bin_id', 'matched_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['word_bin_clips', 'word_bin_logs', 'word_bin_recipients', 'word_bin_keywords', 'word_bins', 'word_bin_groups']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
