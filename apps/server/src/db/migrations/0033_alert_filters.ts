// Alert filters (docs/alerts-and-subscriptions.md): an alert may send only the project's mentions
// of one sentiment (sentiment_id, the word bins' enumeration: 0 any, 1 Neutral, 2 Positive,
// 3 Negative) and only those containing a keyword or phrase (keyword, null: any).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('alerts')
    .addColumn('sentiment_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('keyword', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alerts').dropColumn('keyword').dropColumn('sentiment_id').execute();
}
