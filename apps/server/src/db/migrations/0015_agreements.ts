// The agreements the new-project wizard saves (money in integer cents, VAT 15%), the
// messages of the Contact Focal Points form, and mail attachments (the agreement's PDF).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('agreements')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('set null'))
    // The client's account the agreement bills (the client itself here: one account per client).
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('requested_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('cancellation_type_id', 'smallint', (c) => c.notNull())
    .addColumn('billing_type_id', 'smallint', (c) => c.notNull())
    .addColumn('payment_type_id', 'smallint', (c) => c.notNull())
    .addColumn('invoice_group_id', 'integer')
    .addColumn('currency_id', 'text', (c) => c.notNull().defaultTo('ZAR'))
    .addColumn('project_type_id', 'smallint', (c) => c.notNull())
    .addColumn('project_sub_type_id', 'smallint')
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    .addColumn('end_date', 'timestamptz')
    .addColumn('is_trial', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('send_agreement_now', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_fixed_agreement', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_per_month_costing', 'boolean', (c) => c.notNull().defaultTo(false))
    // [{ Id, ProductId, Description, Quantity, Price (cents) }] as priced by the server.
    .addColumn('products', 'jsonb', (c) => c.notNull())
    // Integer cents (at most R 21 million: MAX_AGREEMENT_CENTS in the contract): before VAT, VAT, total.
    .addColumn('product_list_total_cents', 'integer', (c) => c.notNull())
    .addColumn('product_list_fixed_price_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addColumn('agreement_total_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('agreements_client').on('agreements').columns(['client_id', 'created_at']).execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('contact_number', 'text', (c) => c.notNull())
    .addColumn('how', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The spam limits count recent messages per address and per sender IP.
  await db.schema.createIndex('contact_messages_email').on('contact_messages').columns(['email', 'created_at']).execute();
  await db.schema.createIndex('contact_messages_ip').on('contact_messages').columns(['ip', 'created_at']).execute();

  // [{ filename, contentType, content (base64) }]: files a mail carries (an agreement's PDF).
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attachments').execute();
  await db.schema.dropTable('contact_messages').ifExists().execute();
  await db.schema.dropTable('agreements').ifExists().execute();
}
