// Accounts that belong to their owners (docs/security.md, "People and their accounts"):
// - contact_invitations: a client's invitation of an email address. Adding a contact creates or
//   links no account: the person behind the address accepts (signed in as themselves,
//   or by setting a password from the emailed link when the address has no account yet). What the
//   client typed (name, surname, phone) is all the client sees until then.
// - email_changes: a new address for an account, confirmed first from the old address, then from
//   the new one (token_hash is the link of the stage the change is at).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_invitations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('surname', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    // Set once: accepted (true) or declined (false), by whom.
    .addColumn('answered_at', 'timestamptz')
    .addColumn('accepted', 'boolean')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // One open invitation per client and address: inviting again renews it.
  await sql`create unique index contact_invitations_open on contact_invitations (client_id, email) where answered_at is null`.execute(db);
  await sql`create index contact_invitations_email on contact_invitations (email) where answered_at is null`.execute(db);

  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('old_confirmed_at', 'timestamptz')
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();

  // Invitations sent before this change were password-setup links of accounts already linked to
  // the client: those stay as they are (the account and its link exist).
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
  await db.schema.dropTable('contact_invitations').execute();
}
