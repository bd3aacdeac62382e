// Requests for locked products ('Add' in the product-details dialog): who asked, for which client,
// project and product, and when (modules/product-requests). The provider's admins are told by the
// bell and by mail; a second request for the same project and product within a day is not stored
// again.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // The person at the keyboard's account (the acted-as user in an act-as session).
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The contract's product key (Sentiment, SortBins, ...), not a product code: a product may have several codes.
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('product_requests_project').on('product_requests').columns(['project_id', 'product', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_requests').ifExists().execute();
}
