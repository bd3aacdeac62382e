// Each client's own sentiment model, learned from its analysts' ratings (docs/sentiment.md, "A
// client's own model"): one row per adaptation the job tried, kept or not. A kept one holds the
// residual weights and re-scores the client's posts; the row also keeps how far that re-scoring
// got, so a stopped job resumes after its last committed batch.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('client_sentiment_models')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    // The job that made it: a job run again after a kill finds its adaptation instead of training twice.
    .addColumn('job_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The latest rating it saw: ratings after it are the new ones the next adaptation waits for.
    .addColumn('ratings_until', 'timestamptz', (c) => c.notNull())
    .addColumn('ratings', 'integer', (c) => c.notNull())
    .addColumn('trained_on', 'integer', (c) => c.notNull())
    .addColumn('held_back', 'integer', (c) => c.notNull())
    // Accuracy of the shipped model and of the adaptation on the held-back ratings (fractions).
    .addColumn('base_accuracy', 'real', (c) => c.notNull())
    .addColumn('adapted_accuracy', 'real', (c) => c.notNull())
    .addColumn('used', 'boolean', (c) => c.notNull())
    // Why an adaptation is not used, in the admin's words; null when used.
    .addColumn('reason', 'text')
    .addColumn('base_model_version', 'text', (c) => c.notNull())
    .addColumn('seconds', 'real', (c) => c.notNull())
    // The residual's non-zero weights: int32 positions, then float32 values (little-endian).
    .addColumn('weights', 'bytea')
    // The penalty and training length cross-validation chose (null when nothing was learned).
    .addColumn('l2', 'real')
    .addColumn('epochs', 'integer')
    // Re-scoring the client's posts with it: the last clip done (clips are walked in id order) and the counts so far.
    .addColumn('last_clip_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('posts_rescored', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rescored_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('client_sentiment_models_client').on('client_sentiment_models').columns(['client_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('client_sentiment_models').execute();
}
