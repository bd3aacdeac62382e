// The guard on a client's adaptation and the admin's stop (docs/sentiment.md, "A client's own
// model"): what the shipped model and the adaptation say of a sample of the client's unrated posts,
// and when an admin stopped using an adaptation (its posts are then re-scored with the shipped model).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('client_sentiment_models')
    // {"posts": n, "base": [negative, neutral, positive], "adapted": [...]}: shares of the sample; null when not measured.
    .addColumn('unrated_shares', 'jsonb')
    .addColumn('stopped_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('client_sentiment_models').dropColumn('unrated_shares').dropColumn('stopped_at').execute();
}
