// Reports (docs/reports.md): a saved report (what a document shows), who receives it, its
// schedules, and the request log: one row per document asked for (generated, listed, or sent by a
// schedule), with its file in report_files once made. The tables `reports`, `report_recipients`
// and `report_schedules` are also read by subscriptions (a contact's scheduled reports).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // The creator; null when the provider's own staff (an admin who is no contact of the client) made it.
    .addColumn('contact_id', 'integer', (c) => c.references('client_contacts.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // 1 summary PDF, 2 spreadsheet, 3 full PDF (contract reports/model.ts REPORT_LAYOUTS).
    .addColumn('layout_id', 'smallint', (c) => c.notNull())
    .addColumn('template_ids', sql`integer[]`, (c) => c.notNull())
    .addColumn('stream_ids', sql`integer[]`, (c) => c.notNull())
    // Sub-bins of the project the figures are read from; empty: the project's own bin.
    .addColumn('bin_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    // 'stats' (Stats Analysis) or 'trend' (Trend Analysis: the window against the one before it).
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('stats')
        .check(sql`kind in ('stats', 'trend')`),
    )
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('reports_client').on('reports').columns(['client_id', 'created_at']).execute();
  await db.schema.createIndex('reports_project').on('reports').column('project_id').execute();

  await db.schema
    .createTable('report_recipients')
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('client_contacts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('report_recipients_pk', ['report_id', 'contact_id'])
    .execute();
  await db.schema.createIndex('report_recipients_contact').on('report_recipients').column('contact_id').execute();

  await db.schema
    .createTable('report_schedules')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('date_next_send', 'timestamptz', (c) => c.notNull())
    .addColumn('date_last_sent', 'timestamptz')
    // 1 Daily, 2 Weekly, 3 Monthly (REPORT_FREQUENCIES).
    .addColumn('frequency_id', 'smallint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('report_schedules_due').on('report_schedules').column('date_next_send').execute();
  await db.schema.createIndex('report_schedules_report').on('report_schedules').column('report_id').execute();

  await db.schema
    .createTable('report_requests')
    .addColumn('guid', 'uuid', (c) => c.primaryKey())
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    // Who asked; null for a schedule's send or the provider's staff.
    .addColumn('contact_id', 'integer', (c) => c.references('client_contacts.id').onDelete('set null'))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('date_start', 'timestamptz', (c) => c.notNull())
    // Exclusive: the first instant after the window.
    .addColumn('date_end', 'timestamptz', (c) => c.notNull())
    // A clip listing (report/listing/generate): a spreadsheet of the clips whatever the layout.
    .addColumn('is_listing', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('completed', 'boolean', (c) => c.notNull().defaultTo(false))
    // The file's name as downloaded ('<report>-<dates>.pdf'); its bytes are in report_files.
    .addColumn('file_path', 'text')
    .addColumn('file_size', 'integer')
    .addColumn('content_type', 'text')
    // Why generation gave up (after the job's retries); cleared by regenerate.
    .addColumn('error', 'text')
    // A schedule's send: the schedule and the DateNextSend it was made for, unique, so one due
    // moment makes one request (and one set of mails) however often the tick runs.
    .addColumn('schedule_id', 'integer', (c) => c.references('report_schedules.id').onDelete('set null'))
    .addColumn('scheduled_for', 'timestamptz')
    // Set by the job once the file has been mailed to the recipients (scheduled sends).
    .addColumn('sent_at', 'timestamptz')
    .addUniqueConstraint('report_requests_schedule_moment', ['schedule_id', 'scheduled_for'])
    .execute();
  await db.schema.createIndex('report_requests_report').on('report_requests').columns(['report_id', 'requested_at']).execute();

  // The generated files, apart from the log so that listing the log never reads them. In the
  // database, so that every process (API or worker, any machine) serves the same file.
  await db.schema
    .createTable('report_files')
    .addColumn('guid', 'uuid', (c) => c.primaryKey().references('report_requests.guid').onDelete('cascade'))
    .addColumn('data', 'bytea', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['report_files', 'report_requests', 'report_schedules', 'report_recipients', 'reports']) await db.schema.dropTable(t).ifExists().execute();
}
