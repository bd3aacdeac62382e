// A project's own Response alert setting (docs/responses.md, "Alerts"): whether it is on, how long
// a post may wait for a response before it is told, and the contacts it tells, beside the word
// bins' Response Contacts. One setting per project; its recipients are links of the project's
// client (client_contacts), checked when saved and again when mailed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('response_alert_settings')
    .addColumn('project_id', 'integer', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('wait_minutes', 'integer', (c) => c.notNull().check(sql`wait_minutes between 1 and 10080`))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('response_alert_recipients')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('response_alert_settings.project_id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('client_contacts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('response_alert_recipients_pk', ['project_id', 'contact_id'])
    .execute();
  await db.schema.createIndex('response_alert_recipients_contact').on('response_alert_recipients').column('contact_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('response_alert_recipients').execute();
  await db.schema.dropTable('response_alert_settings').execute();
}
