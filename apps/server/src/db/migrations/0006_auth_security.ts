// Security review (docs/security.md): per-account login lockout, the audit log, and the mail
// outbox as a queue whose stored copies carry no secrets.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Failed logins per account, keyed by the normalised email whether or not a user has it, so a
  // lockout says nothing about which addresses exist (modules/auth/lockout.ts).
  await db.schema
    .createTable('login_lockouts')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lock_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Who (actor_id: the person, the admin while acting as someone), acting as whom, what, on what,
  // when, from which address. Ids without foreign keys: the log outlives the users it names.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'integer')
    .addColumn('acting_as_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb')
    .addColumn('ip', 'text')
    .execute();

  // The outbox becomes the mail queue (mail/mailer.ts): pending rows are delivered by the
  // background sender with retries; 'kept' rows (no SMTP_URL) are only read in the app.
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('last_error', 'text')
    // The stored copy had secrets redacted: only the process that queued it can send it.
    .addColumn('has_secret', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`update mail_outbox set status = case when sent_at is not null then 'sent' else 'kept' end`.execute(db);
  // Copies stored before this migration held the password-setup link's token in clear.
  for (const col of ['text', 'html'])
    await sql`update mail_outbox set ${sql.ref(col)} = regexp_replace(${sql.ref(col)}, '(/password-setup/[0-9]+[?#]token=)[A-Za-z0-9_-]+', '\\1[redacted]', 'g') where ${sql.ref(col)} ~ '/password-setup/[0-9]+[?#]token='`.execute(
      db,
    );
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_due').ifExists().execute();
  for (const col of ['status', 'attempts', 'next_attempt_at', 'claimed_at', 'last_error', 'has_secret'])
    await db.schema.alterTable('mail_outbox').dropColumn(col).execute();
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.dropTable('login_lockouts').ifExists().execute();
}
