// Report files stored once, in pieces, and referred to (docs/reports.md, "Files, mail and limits"):
// - report_files: one row per stored file (a request's PDF or spreadsheet), report_file_chunks its
//   bytes in pieces of at most 256 KiB, so a file is written as it is rendered and read as it is
//   sent, never whole in memory. A request points at its current file (report_requests.file_id);
//   the bytes of report_files (0020) move over, one piece per file.
// - mail_attachments: the files a queued mail carries, by reference, so a report sent to N
//   recipients is stored once, not N times inside mail_outbox.
// - report_rate_events: one row per generation or send, counted by the per-user and per-client
//   rate limits, pruned with the outbox.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('report_files').renameTo('report_files_0020').execute();
  await sql`alter table report_files_0020 rename constraint report_files_pkey to report_files_0020_pkey`.execute(db);
  await db.schema
    .createTable('report_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    // Unreferenced files are purged only when older than a day: one being written is not yet referenced.
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('report_file_chunks')
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('report_files.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_file_chunks_pk', ['file_id', 'seq'])
    .execute();
  // No cascade: a file still referred to cannot be deleted (the purge skips it, and a race fails loudly).
  await db.schema
    .alterTable('report_requests')
    .addColumn('file_id', 'uuid', (c) => c.references('report_files.id'))
    .execute();
  await db.schema.createIndex('report_requests_file').on('report_requests').column('file_id').execute();
  await sql`insert into report_files (id, size) select guid, length(data) from report_files_0020`.execute(db);
  await sql`insert into report_file_chunks (file_id, seq, data) select guid, 0, data from report_files_0020`.execute(db);
  await sql`update report_requests q set file_id = q.guid where exists (select 1 from report_files_0020 f where f.guid = q.guid)`.execute(db);
  await db.schema.dropTable('report_files_0020').execute();

  await db.schema
    .createTable('mail_attachments')
    .addColumn('outbox_id', 'integer', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('report_files.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_attachments_pk', ['outbox_id', 'position'])
    .execute();
  await db.schema.createIndex('mail_attachments_file').on('mail_attachments').column('file_id').execute();

  await db.schema
    .createTable('report_rate_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('generate', 'send')`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('report_rate_events_user').on('report_rate_events').columns(['user_id', 'action', 'created_at']).execute();
  await db.schema.createIndex('report_rate_events_client').on('report_rate_events').columns(['client_id', 'action', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_rate_events').ifExists().execute();
  // Queued mails carry their files inline again, as before.
  await sql`
    update mail_outbox o set attachments = (
      select jsonb_agg(
               jsonb_build_object(
                 'filename', a.file_name,
                 'contentType', a.content_type,
                 'content', (select encode(string_agg(c.data, ''::bytea order by c.seq), 'base64') from report_file_chunks c where c.file_id = a.file_id)
               ) order by a.position)
        from mail_attachments a where a.outbox_id = o.id)
     where exists (select 1 from mail_attachments a where a.outbox_id = o.id)`.execute(db);
  await db.schema.dropTable('mail_attachments').execute();
  await db.schema
    .createTable('report_files_0020')
    .addColumn('guid', 'uuid', (c) => c.primaryKey().references('report_requests.guid').onDelete('cascade'))
    .addColumn('data', 'bytea', (c) => c.notNull())
    .execute();
  await sql`
    insert into report_files_0020 (guid, data)
    select q.guid, string_agg(c.data, ''::bytea order by c.seq)
      from report_requests q join report_file_chunks c on c.file_id = q.file_id
     group by q.guid`.execute(db);
  await db.schema.dropIndex('report_requests_file').ifExists().execute();
  await db.schema.alterTable('report_requests').dropColumn('file_id').execute();
  await db.schema.dropTable('report_file_chunks').execute();
  await db.schema.dropTable('report_files').execute();
  await db.schema.alterTable('report_files_0020').renameTo('report_files').execute();
  await sql`alter table report_files rename constraint report_files_0020_pkey to report_files_pkey`.execute(db);
}
