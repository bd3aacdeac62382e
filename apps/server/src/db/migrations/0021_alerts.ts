// Alerts (per-contact notifications, docs/alerts-and-subscriptions.md): a project's new mentions
// sent to chosen contacts of its client every `interval_minutes` from `start_date`; who receives
// each, and the log of sent windows, whose unique (alert, date_from) makes a window impossible to
// send twice (the word-bin digest's approach, docs/jobs.md).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Minutes between sends; 0 is Immediate (every tick of the job, within a minute).
    .addColumn('interval_minutes', 'integer', (c) => c.notNull())
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    // The end of the last window sent; the next window starts here.
    .addColumn('date_last_sent', 'timestamptz')
    // Who scheduled it (null once that user is gone).
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('alerts_project').on('alerts').column('project_id').execute();

  await db.schema
    .createTable('alert_recipients')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('client_contacts.id').onDelete('cascade'))
    .addUniqueConstraint('alert_recipients_alert_contact', ['alert_id', 'contact_id'])
    .execute();
  await db.schema.createIndex('alert_recipients_contact').on('alert_recipients').column('contact_id').execute();

  // One row per sent window.
  await db.schema
    .createTable('alert_logs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('date_from', 'timestamptz', (c) => c.notNull())
    .addColumn('date_to', 'timestamptz', (c) => c.notNull())
    .addColumn('date_sent', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('clip_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('alert_logs_alert_from', ['alert_id', 'date_from'])
    .execute();

  // An alert reads "the project's mentions stored since its last send": by root bin and the time
  // the mention was stored (a post ingested late is new to the reader whenever it was posted).
  await sql`create index if not exists bin_clips_bin_created on bin_clips (bin_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bin_clips_bin_created`.execute(db);
  for (const t of ['alert_logs', 'alert_recipients', 'alerts']) await db.schema.dropTable(t).ifExists().execute();
}
